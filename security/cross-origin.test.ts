import { describe, inject, test } from "vitest";
import { get, postForm, postMultipart, signIn } from "./helpers/client";
import { fingerprint } from "./helpers/database";
import { send } from "./helpers/http";
import { tally } from "./helpers/tally";
import { disposableActor, type Actor, type World } from "./helpers/world";
import { allowed, fileOf, fillPattern, isStaffAccess, POLICIES, type Access } from "./policies";
import { routeTable } from "./route-table";

const [world] = inject("worlds");
const table = routeTable();
const EVIL = "https://evil.example";

/** How a forged request looks: another site's Origin, a sandboxed "null" one, or none but a cross-site fetch. */
const FORGERIES: { name: string; origin: string | null; headers: Record<string, string> }[] = [
  { name: `Origin ${EVIL}`, origin: EVIL, headers: { "Sec-Fetch-Site": "cross-site" } },
  { name: "Origin null", origin: "null", headers: { "Sec-Fetch-Site": "cross-site" } },
  { name: "no Origin, Sec-Fetch-Site cross-site", origin: null, headers: { "Sec-Fetch-Site": "cross-site" } },
];

/** The actor the form is meant for, so that only the origin can be the reason for a refusal. */
function ownerOfForm(world: World, access: Access): Actor {
  // The admin may use every console section (decision 0031).
  if (isStaffAccess(access)) return world.actors.staff;
  if (access === "public") return world.actors.guest;
  return world.actors["client A"];
}

const refused = (status: number) => status === 400 || status === 403;

describe("Cross-origin requests", () => {
  test("Every form refuses a cross-site post, whatever its Origin says, and nothing changes", async (context) => {
    const t = tally(context, "Cross-origin requests");
    for (const route of table) {
      const policy = POLICIES[route.file];
      if (!policy?.post) continue;
      for (const [intentName, intent] of Object.entries(policy.post.intents)) {
        for (const forgery of FORGERIES) {
          const base = ownerOfForm(world!, policy.post.access);
          if (!allowed(policy.post.access, base.role)) continue;
          const actor = await disposableActor(world!, base, intent.disposable);
          const cell = { world: world!, actor, side: "own" as const, seq: Date.now() };
          const url = fillPattern(route.pattern, policy.params?.(cell) ?? {}) + (route.index ? "?index" : "");
          const fields = await intent.body(cell);
          const options = { cookie: actor.cookie, origin: forgery.origin, headers: forgery.headers };
          const before = await fingerprint(world!.server);
          const reply = intent.file
            ? await postMultipart(world!.server, url, fields, fileOf(intent, cell), options)
            : await postForm(world!.server, url, fields, options);
          const changed = (await fingerprint(world!.server)) !== before;
          const label = `POST ${route.pattern} ${intentName || "(form)"} as ${actor.name} with ${forgery.name}`;
          t.check(`${label} is refused`, refused(reply.status), `got ${reply.status} ${reply.location ?? ""}`);
          t.check(`${label} changes nothing`, !changed);
          await intent.restore?.(cell);
        }
      }
    }
    t.done();
  });

  test("Better Auth's endpoints refuse cross-site posts, signed in or not, and nothing changes", async (context) => {
    const t = tally(context, "Cross-origin requests");
    const paths = [
      "/api/auth/callback/google",
      "/api/auth/oauth2/callback/google",
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/sign-out",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
      "/api/auth/change-email",
      "/api/auth/update-user",
      "/api/auth/delete-user",
      "/api/auth/revoke-sessions",
      "/api/auth/sign-in/social",
    ];
    const victim = await disposableActor(world!, world!.actors["client A"], "session");
    for (const path of paths) {
      for (const forgery of FORGERIES) {
        for (const cookie of [undefined, victim.cookie]) {
          const before = await fingerprint(world!.server);
          const reply = await send(world!.server.url, path, {
            method: "POST",
            body: JSON.stringify({
              email: victim.email,
              password: "x-new-password-1",
              name: "Forged",
              role: "employee",
              provider: "google",
            }),
            headers: { "Content-Type": "application/json", Origin: forgery.origin ?? undefined, Cookie: cookie, ...forgery.headers },
          });
          const changed = (await fingerprint(world!.server)) !== before;
          const label = `POST ${path} ${cookie ? "with" : "without"} a session and ${forgery.name}`;
          t.check(`${label} is refused`, reply.status >= 400 && reply.status < 500, `got ${reply.status} ${reply.location ?? ""}`);
          t.check(`${label} sets no session`, !reply.cookies.some((c) => c.includes("session_token=") && !/Max-Age=0/i.test(c)));
          t.check(`${label} changes nothing`, !changed);
        }
      }
    }
    t.check("the victim is still signed in", (await get(world!.server, "/user-dashboard", victim.cookie)).status === 200);
    t.done();
  });

  test("A cross-site link or image (GET) to any route changes nothing, even for a signed-in visitor", async (context) => {
    const t = tally(context, "Cross-origin requests");
    const staff = await signIn(world!.server, world!.actors.staff.email!, world!.staffPassword, "/employee-login");
    const client = await disposableActor(world!, world!.actors["client A"], "session");
    for (const route of table) {
      const policy = POLICIES[route.file];
      if (!policy) continue;
      for (const cookie of [client.cookie!, staff]) {
        const cell = { world: world!, actor: world!.actors["client A"], side: "own" as const, seq: Date.now() };
        const url = fillPattern(route.pattern, policy.params?.(cell) ?? {});
        const before = await fingerprint(world!.server);
        await get(world!.server, url, cookie, { "Sec-Fetch-Site": "cross-site", Referer: `${EVIL}/` });
        t.check(`GET ${url} from another site changes nothing`, (await fingerprint(world!.server)) === before);
      }
    }
    t.check("the client is still signed in", (await get(world!.server, "/user-dashboard", client.cookie)).status === 200);
    t.check("staff are still signed in", (await get(world!.server, "/employee-dashboard", staff)).status === 200);
    t.done();
  });
});
