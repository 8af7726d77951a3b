import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import * as tokensRoute from "~/routes/console/api-tokens";
import { db } from "~/server/db/db.server";
import { LAST_USE_EVERY_MS, revokeApiToken } from "~/server/models/api/api-tokens.server";
import { signInStaff } from "../helpers/accounts";
import { api, apiToken } from "../helpers/api";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { setEnv } from "../helpers/env";
import { call } from "../helpers/routes";
import { seedApiWorld, type ApiWorld } from "../helpers/api-world";

// API tokens (decision 0104): hashed, scoped, expiring, revocable, their last use recorded, their
// calls rate limited, and every write they make audited under their name.

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const SAME_ORIGIN = { Origin: "http://localhost" };

async function tokenRow(id: string) {
  return db().selectFrom("apiTokens").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe.each(testDatabases("api-tokens"))("API tokens on $name", (database) => {
  let cleanup: () => Promise<void>;
  let world: ApiWorld;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    world = await seedApiWorld();
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await db().deleteFrom("rateLimits").execute();
  });

  test("A token is stored only as its SHA-256: no column nor audit row holds the secret", async () => {
    const { token, view } = await apiToken(world.admin, ["leads:read"], { name: "Hash check" });
    expect(token).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
    const row = await tokenRow(view.id);
    expect(row.tokenHash).toBe(sha256(token));
    expect(token.startsWith(row.tokenStart)).toBe(true);
    expect(row.tokenStart.length).toBeLessThan(12);
    const dump =
      JSON.stringify(await sql`select * from api_tokens`.execute(db())) + JSON.stringify(await sql`select * from audit_log`.execute(db()));
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(token.slice(12));
    // The secret itself is what opens the API: its hash does not.
    expect((await api("GET", "/leads", { token })).status).toBe(200);
    expect((await api("GET", "/leads", { token: `ak_${row.tokenHash}` })).status).toBe(401);
  });

  test("Without a token, or with an unknown, expired or revoked one, the API answers 401 problem details", async () => {
    const expectUnauthorized = async (token: string | undefined, detail: RegExp) => {
      const answer = await api("GET", "/leads", { token });
      expect(answer.status).toBe(401);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer realm="api"/);
      expect(answer.json).toMatchObject({ type: "/employee-dashboard/api#problem-invalid-token", status: 401, title: expect.any(String) });
      expect(String(answer.json.detail)).toMatch(detail);
    };
    await expectUnauthorized(undefined, /Authorization: Bearer/);
    await expectUnauthorized(`ak_${"x".repeat(43)}`, /not known/);
    const expired = await apiToken(world.admin, ["leads:read"], { lifetimeDays: 7, now: Date.now() - 8 * 24 * 3_600_000 });
    await expectUnauthorized(expired.token, /expired/);
    const revoked = await apiToken(world.admin, ["leads:read"]);
    expect((await api("GET", "/leads", { token: revoked.token })).status).toBe(200);
    await revokeApiToken(world.staffActor, revoked.view.id);
    await expectUnauthorized(revoked.token, /revoked/);
    // A session cookie opens nothing in the API.
    const cookieOnly = await api("GET", "/leads", { headers: { Cookie: world.admin.cookie } });
    expect(cookieOnly.status).toBe(401);
  });

  test("A scope opens its own area only: read does not write, and another area answers 403", async () => {
    const { token } = await apiToken(world.admin, ["leads:read"]);
    expect((await api("GET", "/leads", { token })).status).toBe(200);
    const write = await api("PATCH", `/leads/${world.lead.id}`, { token, body: { status: "won" } });
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject({ type: "/employee-dashboard/api#problem-insufficient-scope", status: 403 });
    expect(String(write.json.detail)).toContain("leads:write");
    expect((await db().selectFrom("quotes").select("status").where("id", "=", world.lead.id).executeTakeFirstOrThrow()).status).not.toBe(
      "won",
    );
    expect((await api("GET", "/companies", { token })).status).toBe(403);
    expect((await api("GET", `/applications/${world.applicationId}/resume`, { token })).status).toBe(403);
  });

  test("Last use is recorded on a call, at most once a minute", async () => {
    const { token, view } = await apiToken(world.admin, ["leads:read"]);
    expect((await tokenRow(view.id)).lastUsedAt).toBeNull();
    const before = Date.now();
    await api("GET", "/leads", { token });
    const first = Number((await tokenRow(view.id)).lastUsedAt);
    expect(first).toBeGreaterThanOrEqual(before);
    await api("GET", "/leads", { token });
    expect(Number((await tokenRow(view.id)).lastUsedAt)).toBe(first);
    // A minute later the next call writes again.
    await db()
      .updateTable("apiTokens")
      .set({ lastUsedAt: first - LAST_USE_EVERY_MS })
      .where("id", "=", view.id)
      .execute();
    await api("GET", "/leads", { token });
    expect(Number((await tokenRow(view.id)).lastUsedAt)).toBeGreaterThanOrEqual(before);
  });

  test("Past its calls per minute a token gets a 429 problem with Retry-After; another token is not slowed", async () => {
    const restore = setEnv({ API_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const busy = await apiToken(world.admin, ["leads:read"]);
      const other = await apiToken(world.admin, ["leads:read"]);
      for (let i = 0; i < 3; i++) expect((await api("GET", "/leads", { token: busy.token })).status).toBe(200);
      const limited = await api("GET", "/leads", { token: busy.token });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("content-type")).toBe("application/problem+json");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.json).toMatchObject({ type: "/employee-dashboard/api#problem-rate-limited", status: 429 });
      expect((await api("GET", "/leads", { token: other.token })).status).toBe(200);
    } finally {
      restore();
    }
  });

  test("Every write a token makes is audited with the token's name as the actor", async () => {
    const { token, view } = await apiToken(world.admin, ["leads:write", "companies:write", "support:write"], { name: "CRM sync" });
    const lead = await api("POST", "/leads", {
      token,
      body: { name: "Ravi", email: "ravi@example.com", phone: "+91 98200 12345", requirement: "A shop.", consent: CURRENT_CONSENT_VERSION },
    });
    expect(lead.status).toBe(201);
    const leadId = String(lead.json.id);
    expect((await api("PATCH", `/leads/${leadId}`, { token, body: { status: "contacted" } })).status).toBe(200);
    const company = await api("POST", "/companies", { token, body: { name: "Audited Co" } });
    expect(company.status).toBe(201);
    const reply = await api("POST", `/support-requests/${world.complaint.id}/replies`, { token, body: { text: "On it." } });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ side: "staff", senderName: "CRM sync" });
    const rows = await db().selectFrom("auditLog").selectAll().where("actorId", "=", view.id).orderBy("createdAt").execute();
    expect(rows.map((r) => r.action).sort()).toEqual(["company.create", "complaint.reply", "lead.create", "lead.status"]);
    for (const row of rows) expect(row.actorEmail).toBe("CRM sync (API token)");
    const stored = await db().selectFrom("complaintReplies").selectAll().where("id", "=", String(reply.json.id)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ senderName: "CRM sync", senderId: null, sender: "staff" });
  });

  test("An admin creates a token in the console, sees it once, and revokes it; both are audited", async () => {
    const create = await call(tokensRoute.action, "/employee-dashboard/settings/api-tokens", {
      cookie: world.admin.cookie,
      headers: SAME_ORIGIN,
      form: {
        intent: "create",
        name: "Zapier",
        lifetime: "30",
        leads: "read",
        applications: "none",
        companies: "write",
        projects: "none",
        support: "none",
      },
    });
    expect(create.status).toBe(200);
    const token = String(create.data?.token);
    expect(token).toMatch(/^ak_/);
    const page = await call(tokensRoute.loader, "/employee-dashboard/settings/api-tokens", { cookie: world.admin.cookie });
    const listed = (page.data?.tokens as { id: string; name: string; scopes: string[]; state: string }[]).find((t) => t.name === "Zapier")!;
    expect(listed.scopes).toEqual(["leads:read", "companies:read", "companies:write"]);
    expect(JSON.stringify(page.data)).not.toContain(token);
    expect((await api("GET", "/companies", { token })).status).toBe(200);

    const revoke = await call(tokensRoute.action, "/employee-dashboard/settings/api-tokens", {
      cookie: world.admin.cookie,
      headers: SAME_ORIGIN,
      form: { intent: "revoke", id: listed.id },
    });
    expect(revoke.data).toMatchObject({ status: "success", targetId: listed.id });
    expect((await api("GET", "/companies", { token })).status).toBe(401);
    const audit = await db()
      .selectFrom("auditLog")
      .select(["action", "actorId"])
      .where("entityId", "=", listed.id)
      .orderBy("createdAt")
      .execute();
    expect(audit).toEqual([
      { action: "api-token.create", actorId: world.admin.id },
      { action: "api-token.revoke", actorId: world.admin.id },
    ]);
  });

  test("The token form refuses a token without any access, and resumes without applications, beside their fields", async () => {
    const form = {
      intent: "create",
      name: "Nothing",
      lifetime: "30",
      leads: "none",
      applications: "none",
      companies: "none",
      projects: "none",
      support: "none",
    };
    const none = await call(tokensRoute.action, "/employee-dashboard/settings/api-tokens", {
      cookie: world.admin.cookie,
      headers: SAME_ORIGIN,
      form,
    });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.data)).toContain("at least one area");
    const resumes = await call(tokensRoute.action, "/employee-dashboard/settings/api-tokens", {
      cookie: world.admin.cookie,
      headers: SAME_ORIGIN,
      form: { ...form, leads: "read", resumes: "on" },
    });
    expect(resumes.status).toBe(400);
    expect(JSON.stringify(resumes.data)).toContain("Resumes need at least Read on applications.");
    const odd = await call(tokensRoute.action, "/employee-dashboard/settings/api-tokens", {
      cookie: world.admin.cookie,
      headers: SAME_ORIGIN,
      form: { ...form, leads: "read", lifetime: "3650" },
    });
    expect(odd.status).toBe(400);
  });

  test("Only admins reach the API tokens page", async () => {
    const sales = await signInStaff("sales-api@indigokite.dev", { staffRole: "sales" });
    const page = await call(tokensRoute.loader, "/employee-dashboard/settings/api-tokens", { cookie: sales.cookie });
    expect(page.status).toBe(403);
    const post = await call(tokensRoute.action, "/employee-dashboard/settings/api-tokens", {
      cookie: sales.cookie,
      headers: SAME_ORIGIN,
      form: { intent: "create", name: "Sneaky", lifetime: "30", leads: "write" },
    });
    expect(post.status).toBe(403);
    expect(await db().selectFrom("apiTokens").select("id").where("name", "=", "Sneaky").execute()).toEqual([]);
  });
});
