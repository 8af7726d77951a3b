import { afterAll, beforeAll, describe, test } from "vitest";
import { closeDatabase } from "./helpers/database";
import { send } from "./helpers/http";
import { readLogLines, startServer, type RunningServer } from "./helpers/server";
import { tally } from "./helpers/tally";

let verbose: RunningServer;

beforeAll(async () => {
  // Every request line, fast paths (cache hits, static files) included.
  verbose = await startServer({ env: { LOG_LEVEL: "debug" } });
});
afterAll(async () => {
  await closeDatabase(verbose);
  await verbose?.stop();
});

describe("Logs", () => {
  test("A reset token in a query string never reaches the logs", async (context) => {
    const t = tally(context, "Logs");
    // Reset links carry their token in the query; request logs must not keep it.
    const probes: [string, string, Record<string, string>?][] = [
      ["GET", "/reset-password?token=SECRET-reset-page"],
      ["GET", "/careers?token=SECRET-public-page"],
      ["GET", "/careers?token=SECRET-public-page"],
      ["GET", "/no-such-page?token=SECRET-not-found"],
      ["GET", "/favicon.ico?token=SECRET-static"],
      ["GET", "/healthz?token=SECRET-resource"],
      ["HEAD", "/reset-password?token=SECRET-head"],
      ["OPTIONS", "/reset-password?token=SECRET-options"],
      ["POST", "/reset-password?token=SECRET-post", { "Content-Type": "application/x-www-form-urlencoded", Origin: verbose.url }],
      ["POST", "/careers?token=SECRET-no-action", { "Content-Type": "application/x-www-form-urlencoded", Origin: verbose.url }],
    ];
    for (const [method, path, headers] of probes) {
      const reply = await send(verbose.url, path, {
        method,
        headers,
        body: method === "POST" ? "token=x&password=short&confirm=short" : undefined,
      });
      t.check(`${method} ${path} answered`, reply.status > 0 && reply.status < 500, String(reply.status));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { lines } = readLogLines(verbose);
    const requests = lines.filter((l) => l.msg === "request");
    t.check("the requests were logged", requests.length >= probes.length, `${requests.length} request lines`);
    // The probes' tokens all start "SECRET-" (a boot warning may name GOOGLE_CLIENT_SECRET).
    const leaks = lines.filter((l) => JSON.stringify(l).includes("SECRET-"));
    t.check("no log line holds the token", leaks.length === 0, leaks.map((l) => JSON.stringify(l).slice(0, 300)).join(" | "));
    t.done();
  });
});
