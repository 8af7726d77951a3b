import { describe, inject, test } from "vitest";
import { send } from "./helpers/http";
import { tally } from "./helpers/tally";

const [world] = inject("worlds");
const server = world!.server;

describe("Exposure", () => {
  test("/readyz tells anyone only whether the instance is ready: no migration names or internals", async (context) => {
    const t = tally(context, "Exposure");
    // A public probe listed migration names, database and storage states.
    const replies = await Promise.all(Array.from({ length: 20 }, () => send(server.url, "/readyz")));
    for (const [i, reply] of replies.entries()) {
      t.check(
        `probe ${i} answers 200 {"status":"ok"}`,
        reply.status === 200 && reply.body === '{"status":"ok"}',
        `${reply.status} ${reply.body.slice(0, 200)}`,
      );
    }
    t.check("no store", replies[0]!.headers["cache-control"] === "no-store");
    t.done();
  });
});
