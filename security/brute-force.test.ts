import { describe, inject, test } from "vitest";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth-messages";
import { LOGIN_ATTEMPTS_PER_IP, LOGIN_FREE_ATTEMPTS_PER_ACCOUNT } from "~/server/auth/sign-in-throttle.server";
import { postForm, register, PASSWORD } from "./helpers/client";
import { clearRateLimits } from "./helpers/database";
import { sessionCookie, type Reply } from "./helpers/http";
import { withProxiedServer } from "./helpers/proxied-server";
import type { ServerInfo } from "./helpers/server";
import { tally, type Tally } from "./helpers/tally";

const [world] = inject("worlds");

// Behind a reverse proxy on loopback, X-Forwarded-For is the client's address (TRUSTED_PROXIES).
const proxied = withProxiedServer(() => world!.server);

let n = 0;
const forgedIp = () => `198.51.100.${(n++ % 250) + 1}`;

function attempt(
  server: ServerInfo,
  email: string,
  password: string,
  ip?: string,
  form: "/login" | "/employee-login" = "/login",
): Promise<Reply> {
  return postForm(server, form, { intent: "login", email, password }, { headers: ip ? { "X-Forwarded-For": ip } : {} });
}

function expectLocked(t: Tally, label: string, reply: Reply) {
  t.check(`${label} is answered 429`, reply.status === 429, String(reply.status));
  t.check(`${label} says to wait`, reply.body.includes(TOO_MANY_ATTEMPTS));
  t.check(`${label} gets no session`, sessionCookie(reply) === null);
}

// The free attempts, and the one the delay gate lets through at once (decision 0027).
const GUESSES_BEFORE_WAITING = LOGIN_FREE_ATTEMPTS_PER_ACCOUNT.limit + 1;

describe("Brute force", () => {
  // Decision 0027: a growing delay per account replaced the hard lock after ten failures.
  test("Six wrong passwords make an account wait, even with the right password and from forged addresses", async (context) => {
    const t = tally(context, "Brute force");
    const email = `victim-${Date.now()}@example.com`;
    await register(world!.server, email);
    await clearRateLimits(world!.server);
    for (let i = 0; i < GUESSES_BEFORE_WAITING; i++) {
      t.check(
        `guess ${i + 1} is refused as a wrong password`,
        (await attempt(world!.server, email, `guess-${i}-password`, forgedIp())).status === 400,
      );
    }
    expectLocked(t, "the right password after six guesses", await attempt(world!.server, email, PASSWORD, forgedIp()));
    expectLocked(t, "the same e-mail in capitals", await attempt(world!.server, email.toUpperCase(), PASSWORD, forgedIp()));
    t.check(
      "another account from the same address still signs in",
      sessionCookie(await attempt(world!.server, world!.actors["client B"].email!, PASSWORD)) !== null,
    );
    t.done();
  });

  test("Six wrong passwords make a staff account wait at the employee login", async (context) => {
    const t = tally(context, "Brute force");
    const staff = world!.actors.staff.email!;
    for (let i = 0; i < GUESSES_BEFORE_WAITING; i++)
      await attempt(world!.server, staff, `guess-${i}-password`, undefined, "/employee-login");
    expectLocked(
      t,
      "the right staff password after six guesses",
      await attempt(world!.server, staff, world!.staffPassword, undefined, "/employee-login"),
    );
    t.done();
  });

  test("Thirty failures from one address lock it for every account; a forged X-Forwarded-For does not reset it without trusted proxies", async (context) => {
    const t = tally(context, "Brute force");
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP.limit; i++) {
      await attempt(world!.server, `spray-${i}-${Date.now()}@example.com`, "spray-password-1", forgedIp());
    }
    const victim = world!.actors["client B"].email!;
    expectLocked(
      t,
      "a real account with its right password from the same address",
      await attempt(world!.server, victim, PASSWORD, forgedIp()),
    );
    expectLocked(t, "with no X-Forwarded-For at all", await attempt(world!.server, victim, PASSWORD));
    t.done();
  });

  test("Behind trusted proxies, many client addresses still hit the per-account delay, and one address its own limit", async (context) => {
    const t = tally(context, "Brute force");
    const email = `proxied-${Date.now()}@example.com`;
    await register(proxied(), email);
    await clearRateLimits(proxied());
    for (let i = 0; i < GUESSES_BEFORE_WAITING; i++) await attempt(proxied(), email, `guess-${i}-password`, `203.0.113.${i + 1}`);
    expectLocked(t, "the right password from a seventh address", await attempt(proxied(), email, PASSWORD, "203.0.113.200"));

    await clearRateLimits(proxied());
    const other = `bystander-${Date.now()}@example.com`;
    await register(proxied(), other, PASSWORD);
    await clearRateLimits(proxied());
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP.limit; i++)
      await attempt(proxied(), `spray-${i}@example.com`, "spray-password-1", "192.0.2.66");
    expectLocked(t, "the spraying address, with a right password", await attempt(proxied(), other, PASSWORD, "192.0.2.66"));
    t.check("another client address signs in normally", sessionCookie(await attempt(proxied(), other, PASSWORD, "192.0.2.67")) !== null);
    t.done();
  });
});
