import { createHash, randomBytes } from "node:crypto";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { API_TOKEN_PREFIX, isApiScope, type ApiScope } from "~/lib/api/scopes";
import type { Actor } from "~/server/auth/actor.server";
import { actorName } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "../shared/audit.server";

// API tokens (decision 0104): 32 random bytes behind "ak_", shown once; only their SHA-256 is
// stored, so a copy of the database opens nothing. Every token expires and can be revoked.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Last use is written at most this often per token: a busy integration is not a write per call. */
export const LAST_USE_EVERY_MS = 60_000;
const START_LENGTH = API_TOKEN_PREFIX.length + 6;

export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type ApiTokenState = "active" | "expired" | "revoked";

/** A token as the console lists it: never its secret nor its hash. */
export interface ApiTokenView {
  id: string;
  name: string;
  tokenStart: string;
  scopes: ApiScope[];
  createdByName: string;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  state: ApiTokenState;
}

/** Who a valid token is: the actor of its writes carries the token's name (decision 0104). */
export interface ApiPrincipal {
  tokenId: string;
  name: string;
  scopes: ReadonlySet<ApiScope>;
  actor: Actor;
}

const scopesOf = (json: string): ApiScope[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter(isApiScope) : [];
  } catch {
    return [];
  }
};

const stateOf = (row: { expiresAt: number; revokedAt: number | null }, now: number): ApiTokenState =>
  row.revokedAt !== null ? "revoked" : Number(row.expiresAt) <= now ? "expired" : "active";

/** The actor an API token's writes are recorded under: its name, marked as a token. */
export function tokenActor(token: { id: string; name: string }): Actor {
  return { id: token.id, email: `${token.name} (API token)`, name: token.name, via: "api-token" };
}

/** Creates a token; the secret is in the answer only, to be shown once. */
export async function createApiToken(
  actor: Actor,
  input: { name: string; scopes: readonly ApiScope[]; lifetimeDays: number },
  now = Date.now(),
): Promise<{ token: string; view: ApiTokenView }> {
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0) throw new Refusal("invalid", "Give the token access to at least one area.");
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = {
    id: newId(),
    name: input.name.trim(),
    tokenHash: hashApiToken(token),
    tokenStart: token.slice(0, START_LENGTH),
    scopes: JSON.stringify(scopes),
    createdBy: actor.id,
    createdByName: actorName(actor),
    createdAt: now,
    expiresAt: now + input.lifetimeDays * DAY_MS,
    lastUsedAt: null,
    revokedAt: null,
  };
  await writeTransaction(async (trx) => {
    await trx.insertInto("apiTokens").values(row).execute();
    const detail = { name: row.name, scopes, expiresAt: row.expiresAt, tokenStart: row.tokenStart };
    await recordAudit(trx, actor, { action: "api-token.create", entity: "api-token", entityId: row.id, detail }, now);
  });
  return { token, view: { ...row, scopes, state: "active" } };
}

/** Every token, newest first, with its state now. */
export async function listApiTokens(now = Date.now()): Promise<ApiTokenView[]> {
  const rows = await db().selectFrom("apiTokens").selectAll().orderBy("createdAt", "desc").orderBy("id").execute();
  return rows.map(({ tokenHash: _hash, createdBy: _by, ...row }) => ({
    ...row,
    createdAt: Number(row.createdAt),
    expiresAt: Number(row.expiresAt),
    lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
    revokedAt: row.revokedAt === null ? null : Number(row.revokedAt),
    scopes: scopesOf(row.scopes),
    state: stateOf({ expiresAt: Number(row.expiresAt), revokedAt: row.revokedAt }, now),
  }));
}

/** Revokes a token at once; a second revoke changes nothing. An unknown id is refused as not found. */
export async function revokeApiToken(actor: Actor, id: string, now = Date.now()): Promise<"revoked" | "unchanged"> {
  return writeTransaction(async (trx) => {
    const row = await trx.selectFrom("apiTokens").select(["name", "revokedAt"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new Refusal("not-found", "This token does not exist.");
    if (row.revokedAt !== null) return "unchanged";
    await trx.updateTable("apiTokens").set({ revokedAt: now }).where("id", "=", id).where("revokedAt", "is", null).execute();
    await recordAudit(trx, actor, { action: "api-token.revoke", entity: "api-token", entityId: id, detail: { name: row.name } }, now);
    return "revoked";
  });
}

export type ApiAuthentication = { ok: true; principal: ApiPrincipal } | { ok: false; reason: "unknown" | ApiTokenState };

/**
 * Who a presented token is. Looked up by its hash (the secret itself is never compared or kept);
 * an unknown, expired or revoked token is refused with the reason, for the answer's detail.
 */
export async function authenticateApiToken(token: string, now = Date.now()): Promise<ApiAuthentication> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 128) return { ok: false, reason: "unknown" };
  const row = await db()
    .selectFrom("apiTokens")
    .select(["id", "name", "scopes", "expiresAt", "revokedAt"])
    .where("tokenHash", "=", hashApiToken(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "unknown" };
  const state = stateOf({ expiresAt: Number(row.expiresAt), revokedAt: row.revokedAt }, now);
  if (state !== "active") return { ok: false, reason: state };
  return { ok: true, principal: { tokenId: row.id, name: row.name, scopes: new Set(scopesOf(row.scopes)), actor: tokenActor(row) } };
}

/** Records that a token was used, at most once a minute per token (one conditional update). */
export async function recordApiTokenUse(tokenId: string, now = Date.now()): Promise<void> {
  await db()
    .updateTable("apiTokens")
    .set({ lastUsedAt: now })
    .where("id", "=", tokenId)
    .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<=", now - LAST_USE_EVERY_MS)]))
    .execute();
}
