//, part 1 "Login throttling loses to parallel requests": the attempt is reserved in the
// shared counters before the password is checked, IPv6 clients are counted by /64, and a stranger
// can delay an account but not lock its owner out (docs/decisions/0027-sign-in-throttling.md).
import { describe, inject, test } from "vitest";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth-messages";
import { postForm, register, PASSWORD } from "./helpers/client";
import { clearRateLimits, database } from "./helpers/database";
import { sessionCookie, type Reply } from "./helpers/http";
import { withProxiedServer } from "./helpers/proxied-server";
import type { ServerInfo } from "./helpers/server";
import { tally } from "./helpers/tally";

const [world] = inject("worlds");
// The most wrong passwords one account may have checked in a burst: a few free ones and one more
// once the delay gate opens. The old hard lock allowed ten; the burst must not get past that.
const MOST_CHECKED_IN_A_BURST = 10;
const BURST = 300;

// Behind a reverse proxy on loopback, X-Forwarded-For is the client's address (TRUSTED_PROXIES).
const proxied = withProxiedServer(() => world!.server);

function attempt(
  server: ServerInfo,
  email: string,
  password: string,
  options: { ip?: string; form?: "/login" | "/employee-login" } = {},
): Promise<Reply> {
  const headers: Record<string, string> = options.ip ? { "X-Forwarded-For": options.ip } : {};
  return postForm(server, options.form ?? "/login", { intent: "login", email, password }, { headers });
}

/** How many of a burst of wrong passwords were checked: every answer but "too many attempts". */
async function burst(server: ServerInfo, email: string, form: "/login" | "/employee-login", ip?: (i: number) => string) {
  const replies = await Promise.all(
    Array.from({ length: BURST }, (_, i) => attempt(server, email, `burst-${i}-password`, { form, ip: ip?.(i) })),
  );
  return { checked: replies.filter((r) => r.status !== 429).length, statuses: [...new Set(replies.map((r) => r.status))].join(",") };
}

describe("Throttling", () => {
  test("Three hundred parallel wrong passwords for one client account are not all checked, and the right one is refused right after", async (context) => {
    const t = tally(context, "Brute force");
    const email = `burst-${Date.now()}@example.com`;
    await register(proxied(), email);
    await clearRateLimits(proxied());
    // From 300 addresses, so only the per-account reservation can stop them.
    const { checked, statuses } = await burst(proxied(), email, "/login", (i) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    t.check(
      `at most ${MOST_CHECKED_IN_A_BURST} of ${BURST} were checked`,
      checked <= MOST_CHECKED_IN_A_BURST,
      `${checked} checked, statuses ${statuses}`,
    );
    const right = await attempt(proxied(), email, PASSWORD, { ip: "198.18.9.9" });
    t.check("the right password right after is answered 429", right.status === 429, String(right.status));
    t.check("it says to wait", right.body.includes(TOO_MANY_ATTEMPTS));
    t.check("it gets no session", sessionCookie(right) === null);
    t.done();
  });

  test("Three hundred parallel wrong passwords for one staff account are not all checked, and the right one is refused right after", async (context) => {
    const t = tally(context, "Brute force");
    const staff = world!.actors.staff.email!;
    const { checked, statuses } = await burst(world!.server, staff, "/employee-login");
    t.check(
      `at most ${MOST_CHECKED_IN_A_BURST} of ${BURST} were checked`,
      checked <= MOST_CHECKED_IN_A_BURST,
      `${checked} checked, statuses ${statuses}`,
    );
    const right = await attempt(world!.server, staff, world!.staffPassword, { form: "/employee-login" });
    t.check("the right password right after is answered 429", right.status === 429, String(right.status));
    t.check("it gets no session", sessionCookie(right) === null);
    await clearRateLimits(world!.server);
    t.done();
  });

  test("Addresses rotated inside one IPv6 /64 share a bucket; the next /64 and IPv4 neighbours do not", async (context) => {
    const t = tally(context, "Brute force");
    const owner = `v6-owner-${Date.now()}@example.com`;
    await register(proxied(), owner);
    await clearRateLimits(proxied());
    // Each guess against a different account, so only the per-IP bucket can add them up.
    for (let i = 0; i < 30; i++)
      await attempt(proxied(), `v6-spray-${i}-${Date.now()}@example.com`, "spray-password-1", {
        ip: `2001:db8:15:64:${(i + 1).toString(16)}::1`,
      });
    const sameSlash64 = await attempt(proxied(), owner, PASSWORD, { ip: "2001:db8:15:64:ffff:ffff:ffff:fffe" });
    t.check("another address in the same /64 is answered 429", sameSlash64.status === 429, String(sameSlash64.status));
    const nextSlash64 = await attempt(proxied(), owner, PASSWORD, { ip: "2001:db8:15:65::1" });
    t.check("an address in the next /64 signs in", sessionCookie(nextSlash64) !== null, String(nextSlash64.status));

    await clearRateLimits(proxied());
    for (let i = 0; i < 30; i++)
      await attempt(proxied(), `v4-spray-${i}-${Date.now()}@example.com`, "spray-password-1", { ip: "192.0.2.10" });
    const neighbour = await attempt(proxied(), owner, PASSWORD, { ip: "192.0.2.11" });
    t.check("an IPv4 neighbour of a sprayer still signs in", sessionCookie(neighbour) !== null, String(neighbour.status));
    t.done();
  });

  test("A stranger's wrong passwords delay an account but do not lock its owner out: once the delay has passed the right password signs in and starts afresh", async (context) => {
    const t = tally(context, "Brute force");
    const email = `delayed-${Date.now()}@example.com`;
    await register(proxied(), email);
    await clearRateLimits(proxied());
    for (let i = 0; i < 40; i++) await attempt(proxied(), email, `stranger-${i}-password`, { ip: `203.0.113.${i + 1}` });
    const during = await attempt(proxied(), email, PASSWORD, { ip: "192.0.2.200" });
    t.check("during the delay the owner is answered 429", during.status === 429, String(during.status));
    // Let the delay pass: every account window and gate of this address ends, as after waiting.
    await database(proxied())
      .updateTable("rateLimits")
      .set((eb) => ({ windowStart: eb("windowStart", "-", 24 * 3_600_000 - 60_000) }))
      .where("key", "like", `login:gate:${email}`)
      .execute();
    const after = await attempt(proxied(), email, PASSWORD, { ip: "192.0.2.200" });
    t.check("after the delay the owner signs in", sessionCookie(after) !== null, String(after.status));
    const next = await attempt(proxied(), email, "one-typo-password", { ip: "192.0.2.200" });
    t.check("a success starts afresh: the next typo is a plain wrong password", next.status === 400, String(next.status));
    t.done();
  });

  test("A browser that signed in to the account before is not held up by a stranger's guesses; a forged or borrowed device cookie is", async (context) => {
    const t = tally(context, "Brute force");
    const email = `known-device-${Date.now()}@example.com`;
    const other = `other-device-${Date.now()}@example.com`;
    await register(proxied(), email);
    await register(proxied(), other);
    const deviceOf = (reply: Reply) => reply.cookies.find((c) => c.startsWith("agency.known_device="))?.split(";")[0] ?? "";
    const device = deviceOf(await attempt(proxied(), email, PASSWORD, { ip: "192.0.2.210" }));
    const otherDevice = deviceOf(await attempt(proxied(), other, PASSWORD, { ip: "192.0.2.211" }));
    t.check("a sign-in names the browser in an HttpOnly cookie", device !== "" && otherDevice !== "");
    await clearRateLimits(proxied());
    for (let i = 0; i < 40; i++) await attempt(proxied(), email, `stranger-${i}-password`, { ip: `203.0.113.${i + 1}` });
    const withCookie = (cookie: string) =>
      postForm(
        proxied(),
        "/login",
        { intent: "login", email, password: PASSWORD },
        { cookie, headers: { "X-Forwarded-For": "192.0.2.212" } },
      );
    const forged = await withCookie(`agency.known_device=${"A".repeat(22)}.${"B".repeat(43)}`);
    t.check("a forged device cookie waits like anyone", forged.status === 429, String(forged.status));
    const borrowed = await withCookie(otherDevice);
    t.check("another account's device cookie waits like anyone", borrowed.status === 429, String(borrowed.status));
    const known = await withCookie(device);
    t.check("the owner's browser signs in at once", sessionCookie(known) !== null, String(known.status));
    t.done();
  });
});
