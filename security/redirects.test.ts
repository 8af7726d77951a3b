import { describe, inject, test } from "vitest";
import { postForm } from "./helpers/client";
import { errorLines, readLogLines } from "./helpers/server";
import { tally } from "./helpers/tally";

const [world] = inject("worlds");
const server = world!.server;
const client = world!.actors["client A"];

// A return path must be a path on this site. Browsers read "/\evil.example" as
// "//evil.example" (another host), and a control character cannot go into a Location header.
const OFF_SITE = [
  "/\\evil.example",
  "\\\\evil.example",
  "//evil.example",
  "/\\/evil.example",
  "https://evil.example/",
  "http:evil.example",
  "/.//evil.example",
  " //evil.example",
  "\t//evil.example",
];
const CONTROL = ["/e\u0000", "/apply/x\nenv;", "/\r\nSet-Cookie: x=1", "/a\u007f", "/a\tb", "/\u0085"];
const ON_SITE: [string, string][] = [
  ["/careers", "/careers"],
  ["/user-dashboard/projects?page=2", "/user-dashboard/projects?page=2"],
  ["/caf\u00e9", "/caf%C3%A9"],
];

function sameSitePath(location: string | null): boolean {
  return location !== null && location.startsWith("/") && !location.startsWith("//") && !location.includes("\\");
}

describe("Redirects", () => {
  test("The home-page dashboard toggle redirects only to a path on this site, whatever returnTo says", async (context) => {
    const t = tally(context, "Redirects");
    for (const returnTo of [...OFF_SITE, ...CONTROL]) {
      const reply = await postForm(server, "/home-dashboard", { enabled: "0", returnTo }, { cookie: client.cookie });
      const raw = String(reply.headers.location ?? "");
      const safe = reply.status < 500 && (reply.status >= 400 || (sameSitePath(reply.location) && sameSitePath(raw)));
      t.check(`returnTo ${JSON.stringify(returnTo)}`, safe, `${reply.status} Location ${JSON.stringify(raw)}`);
    }
    for (const [returnTo, expected] of ON_SITE) {
      const reply = await postForm(server, "/home-dashboard", { enabled: "0", returnTo }, { cookie: client.cookie });
      t.check(
        `returnTo ${JSON.stringify(returnTo)} is kept`,
        reply.status === 302 && reply.headers.location === expected,
        `${reply.status} ${String(reply.headers.location)}`,
      );
    }
    t.done();
  });

  test("A returnTo with a control character gets a safe answer, never a 500 or an error in the log", async (context) => {
    const t = tally(context, "Redirects");
    const { next: start } = readLogLines(server);
    for (const returnTo of ["/e\u0000", "/apply/x\nenv;"]) {
      const reply = await postForm(server, "/home-dashboard", { enabled: "1", returnTo }, { cookie: client.cookie });
      t.check(`returnTo ${JSON.stringify(returnTo)} answers below 500`, reply.status < 500, String(reply.status));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const errors = errorLines(readLogLines(server, start).lines);
    t.check("no error-level log line", errors.length === 0, errors.join(" | "));
    t.done();
  });
});
