import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, inject, test } from "vitest";
import { API_BASE, API_OPERATIONS, type ApiOperation } from "~/lib/api/operations";
import { API_SCOPES, type ApiScope } from "~/lib/api/scopes";
import { database } from "./helpers/database";
import { send, type Reply } from "./helpers/http";
import type { ServerInfo } from "./helpers/server";
import { tally } from "./helpers/tally";

// API tokens against the built server (decision 0104): each scope opens its own operations and no
// other (403), an expired or revoked token and every session cookie open none (401), and the
// origin check lets a cross-site call through only when it carries a bearer token and no cookie.
// Writes are sent with an empty body: past the scope check it is refused as invalid (400), so a
// call shows which gate held without changing anything.

const EVIL = "https://evil.example";
// Both servers of the suite: SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
const WORLDS = inject("worlds").map((world) => ({ name: world.server.backend, world }));

async function insertToken(
  server: ServerInfo,
  scopes: readonly ApiScope[],
  state: "active" | "expired" | "revoked" = "active",
): Promise<string> {
  const token = `ak_${randomBytes(32).toString("base64url")}`;
  const now = Date.now();
  await database(server)
    .insertInto("apiTokens")
    .values({
      id: randomUUID(),
      name: `Security ${state} ${scopes.length === 1 ? scopes[0] : "all scopes"}`,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      tokenStart: token.slice(0, 9),
      scopes: JSON.stringify(scopes),
      createdBy: null,
      createdByName: "Security suite",
      createdAt: now - 10 * 86_400_000,
      expiresAt: state === "expired" ? now - 1000 : now + 86_400_000,
      lastUsedAt: null,
      revokedAt: state === "revoked" ? now - 1000 : null,
    })
    .execute();
  return token;
}

function callOf(server: ServerInfo, op: ApiOperation, headers: Record<string, string>): Promise<Reply> {
  const path = API_BASE + op.path.replace("{id}", "security-unknown");
  const body = op.method === "get" ? undefined : "{}";
  return send(server.url, path, {
    method: op.method.toUpperCase(),
    headers: { ...headers, ...(body ? { "Content-Type": "application/json" } : {}) },
    body,
  });
}

/** Rows any API write would add or change. */
async function writable(server: ServerInfo): Promise<string> {
  const db = database(server);
  const counts = [];
  for (const table of ["quotes", "companies", "projects", "milestones", "complaints", "complaint_replies", "job_applications"])
    counts.push(Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n));
  const statuses = await sql`select status from quotes order by id`.execute(db);
  return JSON.stringify([counts, statuses.rows]);
}

describe.each(WORLDS)("API tokens on $name", ({ world }) => {
  const server = world.server;
  beforeAll(async () => {
    await database(server).deleteFrom("rateLimits").where("key", "like", "api:%").execute();
  });

  test("Each scope opens only its own operations; every other operation answers 403 and nothing changes", async (context) => {
    const t = tally(context, "API tokens");
    const before = await writable(server);
    for (const scope of API_SCOPES) {
      const token = await insertToken(server, [scope]);
      for (const op of API_OPERATIONS) {
        const reply = await callOf(server, op, { Authorization: `Bearer ${token}` });
        const label = `${op.method.toUpperCase()} ${op.path} with ${scope}`;
        if (op.scope === scope) t.check(label, reply.status !== 401 && reply.status !== 403, `got ${reply.status}: ${reply.body}`);
        else
          t.check(
            label,
            reply.status === 403 &&
              reply.headers["content-type"] === "application/problem+json" &&
              reply.body.includes("insufficient-scope"),
            `got ${reply.status}: ${reply.body}`,
          );
      }
    }
    t.check("refused and invalid calls leave the records as they were", (await writable(server)) === before);
    t.done();
  });

  test("An expired or revoked token, an unknown one, none, or a session cookie gets 401 on every operation", async (context) => {
    const t = tally(context, "API tokens");
    const expired = await insertToken(server, API_SCOPES, "expired");
    const revoked = await insertToken(server, API_SCOPES, "revoked");
    const callers: [string, Record<string, string>][] = [
      ["an expired token", { Authorization: `Bearer ${expired}` }],
      ["a revoked token", { Authorization: `Bearer ${revoked}` }],
      ["an unknown token", { Authorization: `Bearer ak_${randomBytes(32).toString("base64url")}` }],
      ["no token", {}],
      ["the admin's session cookie", { Cookie: world.actors.staff.cookie ?? "" }],
      ["a client's session cookie", { Cookie: world.actors["client A"].cookie ?? "" }],
    ];
    for (const [who, headers] of callers)
      for (const op of API_OPERATIONS) {
        const reply = await callOf(server, op, headers);
        t.check(`${op.method.toUpperCase()} ${op.path} with ${who}`, reply.status === 401, `got ${reply.status}`);
      }
    t.done();
  });

  test("A cross-site call passes the origin check only with a bearer token and no cookie", async (context) => {
    const t = tally(context, "API tokens");
    const token = await insertToken(server, ["leads:write"]);
    const post = (headers: Record<string, string>) =>
      send(server.url, `${API_BASE}/leads`, {
        method: "POST",
        headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json", ...headers },
        body: "{}",
      });
    const bearer = await post({ Authorization: `Bearer ${token}` });
    t.check("bearer, no cookie: reaches the API (400 for the empty body)", bearer.status === 400, `got ${bearer.status}`);
    const withCookie = await post({ Authorization: `Bearer ${token}`, Cookie: world.actors.staff.cookie ?? "" });
    t.check(
      "bearer and a cookie: refused by the origin check",
      withCookie.status === 403 && withCookie.body.includes("Cross-site"),
      `got ${withCookie.status}`,
    );
    const cookieOnly = await post({ Cookie: world.actors.staff.cookie ?? "" });
    t.check(
      "a cookie alone: refused by the origin check",
      cookieOnly.status === 403 && cookieOnly.body.includes("Cross-site"),
      `got ${cookieOnly.status}`,
    );
    t.done();
  });
});
