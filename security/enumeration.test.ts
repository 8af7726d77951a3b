import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, inject, test } from "vitest";
import { postForm, register } from "./helpers/client";
import { clearRateLimits, count, database } from "./helpers/database";
import { send, type Reply } from "./helpers/http";
import { tally, type Tally } from "./helpers/tally";

const [world] = inject("worlds");
const server = world!.server;

/** The body with what legitimately differs per request removed: nonces, and the e-mail typed in. */
function normalized(reply: Reply, email: string): string {
  // The page's nonce also appears outside attributes (the boot script hands it on, decision 0020).
  const nonce = /nonce="([^"]+)"/.exec(reply.body)?.[1];
  const body = nonce ? reply.body.replaceAll(nonce, "NONCE") : reply.body;
  return body
    .replaceAll(email, "EMAIL")
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/'nonce-[^']*'/g, "'nonce-'");
}

function compare(t: Tally, label: string, known: Reply, knownEmail: string, unknown: Reply, unknownEmail: string) {
  t.check(`${label}: same status`, known.status === unknown.status, `${known.status} vs ${unknown.status}`);
  t.check(`${label}: same redirect`, known.location === unknown.location, `${known.location} vs ${unknown.location}`);
  t.check(`${label}: same body`, normalized(known, knownEmail) === normalized(unknown, unknownEmail));
  t.check(
    `${label}: no session either way`,
    ![known, unknown].some((r) => r.cookies.some((c) => c.includes("session_token=") && !/Max-Age=0/i.test(c))),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(attempt: () => Promise<Reply>): Promise<number> {
  const started = performance.now();
  await attempt();
  return performance.now() - started;
}

/** A user that signs in with Google only: it has no password at all. */
async function googleOnlyUser(email: string): Promise<void> {
  const sqlite = server.backend === "sqlite";
  const now = sqlite ? new Date().toISOString() : new Date();
  await database(server)
    .insertInto("users")
    .values({
      id: randomUUID(),
      name: "Google User",
      email,
      emailVerified: sqlite ? 1 : true,
      image: null,
      role: "client",
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

describe("Enumeration", () => {
  beforeEach(async () => clearRateLimits(server));
  afterAll(async () => clearRateLimits(server));

  test("Sign-in answers a wrong password for a known client, a Google-only account and an unknown e-mail alike", async (context) => {
    const t = tally(context, "Enumeration");
    const known = world!.actors["client A"].email!;
    const googleOnly = `google-${Date.now()}@example.com`;
    await googleOnlyUser(googleOnly);
    const unknown = `nobody-${Date.now()}@example.com`;
    const attempt = (email: string) => postForm(server, "/login", { intent: "login", email, password: "wrong-password-123" });
    compare(t, "known vs unknown", await attempt(known), known, await attempt(unknown), unknown);
    compare(t, "Google-only vs unknown", await attempt(googleOnly), googleOnly, await attempt(unknown), unknown);
    t.done();
  });

  test("Staff sign-in answers a wrong password for a staff member and an unknown company e-mail alike", async (context) => {
    const t = tally(context, "Enumeration");
    const known = world!.actors.staff.email!;
    const unknown = `nobody-${Date.now()}@indigokite.dev`;
    const attempt = (email: string) => postForm(server, "/employee-login", { intent: "login", email, password: "wrong-password-123" });
    compare(t, "staff vs unknown", await attempt(known), known, await attempt(unknown), unknown);
    t.done();
  });

  test("A wrong password takes as long for a known e-mail as for an unknown one", async (context) => {
    const t = tally(context, "Enumeration");
    const known = world!.actors["client B"].email!;
    const unknown = `nobody-${Date.now()}@example.com`;
    const attempt = (email: string) => () => postForm(server, "/login", { intent: "login", email, password: "wrong-password-123" });
    await timed(attempt(unknown)); // warm-up
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 6; i++) {
      knownMs.push(await timed(attempt(known)));
      unknownMs.push(await timed(attempt(unknown)));
    }
    const [k, u] = [median(knownMs), median(unknownMs)];
    // Both paths run one Argon2id hash; a shared CI machine adds noise, not a 2× gap.
    t.check(
      "median times within 50% (or 40 ms) of each other",
      Math.abs(k - u) <= Math.max(40, 0.5 * Math.max(k, u)),
      `known ${k.toFixed(0)} ms, unknown ${u.toFixed(0)} ms`,
    );
    t.done();
  });

  test("Password-reset requests by e-mail are not exposed: known and unknown addresses get the same 404 and no mail", async (context) => {
    const t = tally(context, "Enumeration");
    const known = world!.actors["client A"].email!;
    const unknown = `nobody-${Date.now()}@example.com`;
    const mailsBefore = await count(server, "mail_outbox");
    for (const path of ["/api/auth/request-password-reset", "/api/auth/forget-password", "/api/auth/forgot-password"]) {
      const ask = (email: string) =>
        send(server.url, path, {
          method: "POST",
          body: JSON.stringify({ email, redirectTo: "/reset-password" }),
          headers: { "Content-Type": "application/json", Origin: server.url },
        });
      const [k, u] = [await ask(known), await ask(unknown)];
      t.check(`${path}: not found for both`, k.status === 404 && u.status === 404, `${k.status} vs ${u.status}`);
      t.check(`${path}: same body`, k.body === u.body);
    }
    t.check("no reset mail was queued", (await count(server, "mail_outbox")) === mailsBefore);
    t.done();
  });

  test("Forgot password answers a client, a Google-only account, a staff member and an unknown address alike", async (context) => {
    const t = tally(context, "Enumeration");
    const client = world!.actors["client A"].email!;
    const staff = world!.actors.staff.email!;
    const googleOnly = `google-forgot-${Date.now()}@example.com`;
    await googleOnlyUser(googleOnly);
    const unknown = `nobody-${Date.now()}@example.com`;
    const ask = (email: string) => postForm(server, "/forgot-password", { email });
    const reference = await ask(unknown);
    t.check(
      "the answer is the one text",
      reference.status === 200 && reference.body.includes("If an account exists for that address, we have sent a link."),
      String(reference.status),
    );
    compare(t, "client vs unknown", await ask(client), client, reference, unknown);
    compare(t, "Google-only vs unknown", await ask(googleOnly), googleOnly, reference, unknown);
    compare(t, "staff vs unknown", await ask(staff), staff, reference, unknown);
    t.done();
  });

  test("Forgot password takes about as long for a known address as for an unknown one", async (context) => {
    const t = tally(context, "Enumeration");
    const known = world!.actors["client B"].email!;
    const unknown = `nobody-${Date.now()}@example.com`;
    const attempt = (email: string) => () => postForm(server, "/forgot-password", { email });
    await timed(attempt(unknown)); // warm-up
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    // Four of each: the per-IP limit (10 an hour) must not cut the known address's path short.
    for (let i = 0; i < 4; i++) {
      knownMs.push(await timed(attempt(known)));
      unknownMs.push(await timed(attempt(unknown)));
    }
    const [k, u] = [median(knownMs), median(unknownMs)];
    // A known address adds a verification row and an outbox row, no hash: a few milliseconds.
    t.check(
      "median times within 50% (or 40 ms) of each other",
      Math.abs(k - u) <= Math.max(40, 0.5 * Math.max(k, u)),
      `known ${k.toFixed(0)} ms, unknown ${u.toFixed(0)} ms`,
    );
    t.done();
  });

  test("Registering a taken e-mail answers the same whatever password is tried, and registrations are limited per address", async (context) => {
    const t = tally(context, "Enumeration");
    const known = world!.actors["client A"].email!;
    const first = await postForm(server, "/login", { intent: "register", email: known, password: "first-guess-123" });
    const second = await postForm(server, "/login", { intent: "register", email: known, password: "correct-horse-battery-staple-9" });
    t.check("same status", first.status === second.status, `${first.status} vs ${second.status}`);
    t.check("same body", normalized(first, known) === normalized(second, known));
    t.check("no session", !second.cookies.some((c) => c.includes("session_token=")));
    await clearRateLimits(server);
    const probes: number[] = [];
    for (let i = 0; i < 101; i++)
      probes.push((await postForm(server, "/login", { intent: "register", email: known, password: "probe-password-1" })).status);
    t.check(
      "the first 100 probes in 15 minutes are answered",
      probes.slice(0, 100).every((s) => s === 400),
      probes.slice(0, 100).join(","),
    );
    t.check("the 101st is refused as too many", probes[100] === 429, String(probes[100]));
    await register(server, `after-${Date.now()}@example.com`).then(
      () => t.check("a new registration from the same address is refused too", false),
      () => t.check("a new registration from the same address is refused too", true),
    );
    t.done();
  });

  // SPEC §2/§8: registering signs the new client straight in ("Account created successfully!"), so
  // a new e-mail gets a session and a taken one an error. Hiding that needs e-mail verification at
  // sign-up, a product decision (docs/decisions/0018-security-suites.md); until then the test above
  // bounds what the difference can be used for.
  test.skip("Registering a known and an unknown e-mail answer alike", () => {});
});
