import http from "node:http";
import { afterAll, beforeAll, describe, test } from "vitest";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { PASSWORD, postForm, register, signIn } from "./helpers/client";
import { closeDatabase, database, userId } from "./helpers/database";
import { tokenOf } from "./helpers/http";
import { addStaffWithCli, startServer, type RunningServer } from "./helpers/server";
import { tally } from "./helpers/tally";

// Live event streams are capped per IP and per process, and a signed-in stream
// ends once its session does. A server of its own: small caps, a fast heartbeat, and loopback
// trusted as a proxy so X-Forwarded-For can stand for visitors on other addresses.
const HEARTBEAT_MS = 300;
const PER_IP = 3;
const PER_PROCESS = 5;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    env: {
      SSE_HEARTBEAT_MS: String(HEARTBEAT_MS),
      SSE_MAX_PER_IP: String(PER_IP),
      SSE_MAX_STREAMS: String(PER_PROCESS),
      TRUSTED_PROXIES: "loopback",
    },
  });
});
afterAll(async () => {
  await closeDatabase(server);
  await server?.stop();
});

interface OpenStream {
  status: number;
  retryAfter: string | undefined;
  /** Resolves when the server ends the stream (or the connection closes). */
  ended: Promise<void>;
  close(): void;
}

/** Opens an event stream and keeps it open; a refusal arrives as a plain response. */
function openStream(path: string, headers: Record<string, string> = {}, target: { url: string } = server): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, target.url), { headers: { Accept: "text/event-stream", ...headers }, agent: false }, (res) => {
      const ended = new Promise<void>((done) => {
        res.on("end", done);
        res.on("close", done);
        res.on("error", () => done());
      });
      res.resume();
      resolve({
        status: res.statusCode ?? 0,
        retryAfter: res.headers["retry-after"] as string | undefined,
        ended,
        close: () => req.destroy(),
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const from = (ip: string) => ({ "X-Forwarded-For": ip });
const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** `npm run staff -- remove <email>`, as an operator would. */
function removeStaffWithCli(email: string): void {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "remove", email], {
    cwd: path.resolve(import.meta.dirname, ".."),
    encoding: "utf8",
    timeout: 60_000,
    env: {
      ...process.env,
      DATABASE_URL: server.databaseUrl,
      STORAGE_DIR: server.storageDir,
      AUTH_SECRET: server.authSecret,
      LOG_LEVEL: "warn",
    },
  });
  if (result.status !== 0) throw new Error(`staff remove ${email} exited ${result.status}: ${result.stderr}${result.stdout}`);
}

function within(ms: number, promise: Promise<void>): Promise<boolean> {
  return Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
}

describe("Live event streams", () => {
  test("One IP cannot hold more public event streams than its cap; other visitors are still served, up to the process's cap", async (context) => {
    const t = tally(context, "Event streams");
    const opened: OpenStream[] = [];
    try {
      for (let i = 0; i < PER_IP; i++) opened.push(await openStream("/events/careers", from("203.0.113.7")));
      t.check(
        `the first ${PER_IP} streams from one IP are served`,
        opened.every((s) => s.status === 200),
        opened.map((s) => s.status).join(","),
      );
      const extra = await openStream("/events/testimonials", from("203.0.113.7"));
      opened.push(extra);
      t.check(
        "one more from the same IP is refused with 429 and Retry-After",
        extra.status === 429 && Number(extra.retryAfter) > 0,
        `${extra.status} ${extra.retryAfter}`,
      );
      const other = await openStream("/events/testimonials", from("198.51.100.9"));
      opened.push(other);
      t.check("another IP is still served", other.status === 200, String(other.status));
      // PER_IP + 1 open now: fill the process up from other addresses.
      for (let i = PER_IP + 1; i < PER_PROCESS; i++) opened.push(await openStream("/events/careers", from(`198.51.100.${20 + i}`)));
      t.check(
        `up to the process's cap (${PER_PROCESS}) every address is served`,
        opened.filter((s) => s.status === 200).length === PER_PROCESS,
      );
      const over = await openStream("/events/careers", from("198.51.100.99"));
      opened.push(over);
      t.check(
        `streams past the process's cap are refused with 503 and Retry-After`,
        over.status === 503 && Number(over.retryAfter) > 0,
        `${over.status} ${over.retryAfter}`,
      );
      for (const stream of opened.splice(0, PER_IP)) stream.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await openStream("/events/careers", from("203.0.113.7"));
      opened.push(again);
      t.check("closed streams free their places", again.status === 200, String(again.status));
    } finally {
      for (const stream of opened) stream.close();
    }
    t.done();
  });

  test("A client's portal stream ends within a heartbeat of logging out", async (context) => {
    const t = tally(context, "Event streams");
    const cookie = await register(server, freshEmail("stream-logout"));
    const stream = await openStream("/events/portal", { Cookie: cookie });
    t.check("the stream opens while signed in", stream.status === 200, String(stream.status));
    await postForm(server, "/logout", { intent: "logout" }, { cookie });
    t.check("the stream ends after logout", await within(HEARTBEAT_MS * 4, stream.ended));
    stream.close();
    t.done();
  });

  test("A client's portal stream ends within a heartbeat of its session row being deleted (reset, deletion, other instance)", async (context) => {
    const t = tally(context, "Event streams");
    const cookie = await register(server, freshEmail("stream-revoked"));
    const stream = await openStream("/events/portal", { Cookie: cookie });
    t.check("the stream opens while signed in", stream.status === 200, String(stream.status));
    await within(HEARTBEAT_MS * 2, stream.ended);
    t.check("a live session keeps its stream open across heartbeats", !(await within(HEARTBEAT_MS * 2, stream.ended)));
    await database(server).deleteFrom("sessions").where("token", "=", tokenOf(cookie)).execute();
    t.check("the stream ends once the session is gone", await within(HEARTBEAT_MS * 4, stream.ended));
    stream.close();
    t.done();
  });

  test("A portal stream ends within a heartbeat of its session being signed out from another browser's Settings", async (context) => {
    const t = tally(context, "Event streams");
    const email = freshEmail("stream-settings");
    const laptop = await register(server, email);
    const phone = await signIn(server, email, PASSWORD);
    const stream = await openStream("/events/portal", { Cookie: phone });
    t.check("the phone's stream opens while signed in", stream.status === 200, String(stream.status));
    t.check("it stays open across heartbeats while the session stands", !(await within(HEARTBEAT_MS * 2, stream.ended)));
    const row = await database(server).selectFrom("sessions").select("id").where("token", "=", tokenOf(phone)).executeTakeFirstOrThrow();
    const reply = await postForm(server, "/account/sessions", { intent: "sign-out", id: row.id }, { cookie: laptop });
    t.check("the laptop signs the phone out", reply.status === 302, String(reply.status));
    t.check("the phone's stream ends at the next heartbeat", await within(HEARTBEAT_MS * 4, stream.ended));
    stream.close();
    t.done();
  });

  test("A staff member's console stream ends within a heartbeat of their removal", async (context) => {
    const t = tally(context, "Event streams");
    const email = `stream-staff-${Date.now()}@indigokite.dev`;
    addStaffWithCli(server, email, "staff-password-0123456789");
    const cookie = await signIn(server, email, "staff-password-0123456789", "/employee-login");
    const stream = await openStream("/events/console", { Cookie: cookie });
    t.check("the stream opens while on staff", stream.status === 200, String(stream.status));
    removeStaffWithCli(email);
    t.check("the stream ends after the removal", await within(HEARTBEAT_MS * 4, stream.ended));
    stream.close();
    t.done();
  });
});

// Decision 0031: disabling or removing a staff member in the console ends their
// open console stream at once, through the events bus, not at the next heartbeat (a minute here).
describe("Staff access changes and live streams", () => {
  let slow: RunningServer;
  beforeAll(async () => {
    slow = await startServer({ env: { SSE_HEARTBEAT_MS: "60000" } });
  });
  afterAll(async () => {
    await closeDatabase(slow);
    await slow?.stop();
  });

  test("An admin disabling, then removing, a staff member in the console ends that member's open console stream at once", async (context) => {
    const t = tally(context, "Event streams");
    const password = "staff-password-0123456789";
    const admin = `stream-admin-${Date.now()}@indigokite.dev`;
    const member = `stream-member-${Date.now()}@indigokite.dev`;
    addStaffWithCli(slow, admin, password);
    addStaffWithCli(slow, member, password, "sales");
    const adminCookie = await signIn(slow, admin, password, "/employee-login");
    const memberId = await userId(slow, member);
    for (const intent of ["disable", "remove"] as const) {
      const cookie = await signIn(slow, member, password, "/employee-login");
      const stream = await openStream("/events/console", { Cookie: cookie }, slow);
      t.check(`the stream opens before "${intent}"`, stream.status === 200, String(stream.status));
      const reply = await postForm(slow, "/employee-dashboard/staff", { intent, id: memberId }, { cookie: adminCookie });
      t.check(`the admin's "${intent}" succeeds`, reply.status === 200, String(reply.status));
      t.check(`the stream ends within 2 s of "${intent}" (the heartbeat is a minute away)`, await within(2_000, stream.ended));
      stream.close();
      if (intent === "disable") {
        const refused = await postForm(slow, "/employee-login", { intent: "login", email: member, password });
        t.check("a disabled member cannot sign in again", refused.status >= 400, String(refused.status));
        await postForm(slow, "/employee-dashboard/staff", { intent: "enable", id: memberId }, { cookie: adminCookie });
      }
    }
    t.done();
  });
});
