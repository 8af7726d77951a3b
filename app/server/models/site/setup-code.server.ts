import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hasStaffAccount, SETUP_PATH } from "~/server/auth/setup-state.server";
import { db, type Executor } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";

// First-run setup (decision "first-run setup"): until a staff account exists, /setup creates the
// first admin, and only someone who can read the server's log may use it. The log shows a one-time
// code; the database keeps a random nonce and the code's hash, never the code. Every instance
// derives the same code from the nonce and AUTH_SECRET (which instances share), so whichever
// instance's log the operator reads, its code works; the first to boot inserts the row, the others
// find it (insert if absent). The code is spent in the transaction that makes the admin.

export const SETUP_CODE_KEY = "setup.code";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const CODE_LENGTH = 16;

interface StoredCode {
  nonce: string;
  /** sha256 (hex) of the normalised code. */
  hash: string;
}

/** Base32 (RFC 4648 letters) of the first 80 bits of an HMAC of the nonce: the code, four groups of four. */
function codeFor(nonce: string, secret = getEnv().AUTH_SECRET): string {
  const digest = createHmac("sha256", secret).update(`first-run-setup:${nonce}`).digest();
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < CODE_LENGTH) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= 0xff;
    if (out.length === CODE_LENGTH) break;
  }
  return out.match(/.{4}/g)!.join("-");
}

/** What a person typed, as the code is hashed: upper case, no spaces or dashes, 0/1 read as O/I. */
export function normaliseSetupCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .replace(/0/g, "O")
    .replace(/1/g, "I");
}

function hashOf(code: string): string {
  return createHash("sha256").update(normaliseSetupCode(code)).digest("hex");
}

function parseStored(value: string | undefined): StoredCode | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<StoredCode>;
    return typeof parsed.nonce === "string" && typeof parsed.hash === "string" ? { nonce: parsed.nonce, hash: parsed.hash } : null;
  } catch {
    return null;
  }
}

async function storedRow(executor: Executor): Promise<{ value: string; code: StoredCode | null } | null> {
  const row = await executor.selectFrom("appSettings").select("value").where("key", "=", SETUP_CODE_KEY).executeTakeFirst();
  return row ? { value: row.value, code: parseStored(row.value) } : null;
}

export type SetupCodeState =
  | { state: "done" }
  | { state: "open"; code: string }
  /** Another instance, with another AUTH_SECRET, made the code: only its log shows it. */
  | { state: "foreign" };

/**
 * At boot: with no staff account, makes sure a code exists (insert if absent) and returns it; with
 * one, removes a leftover code. Several instances starting together end up with the same row.
 */
export async function ensureSetupCode(now = Date.now()): Promise<SetupCodeState> {
  const database = db();
  if (await hasStaffAccount(database)) {
    await database.deleteFrom("appSettings").where("key", "=", SETUP_CODE_KEY).execute();
    return { state: "done" };
  }
  const nonce = randomBytes(16).toString("base64url");
  const fresh: StoredCode = { nonce, hash: hashOf(codeFor(nonce)) };
  await database
    .insertInto("appSettings")
    .values({ key: SETUP_CODE_KEY, value: JSON.stringify(fresh), updatedAt: now, updatedBy: null })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const stored = (await storedRow(database))?.code;
  if (!stored) {
    // Unreadable (edited by hand): start again with ours.
    await database
      .updateTable("appSettings")
      .set({ value: JSON.stringify(fresh), updatedAt: now })
      .where("key", "=", SETUP_CODE_KEY)
      .execute();
    return { state: "open", code: codeFor(nonce) };
  }
  const code = codeFor(stored.nonce);
  return hashOf(code) === stored.hash ? { state: "open", code } : { state: "foreign" };
}

/** At boot: the one log line that tells the operator where to go and what to type. */
export async function announceSetup(appUrl = getEnv().APP_URL): Promise<SetupCodeState> {
  const state = await ensureSetupCode();
  // warn, not info: it asks the operator to act, and LOG_LEVEL=warn must not hide it.
  if (state.state === "open")
    logger.warn(
      { setupUrl: `${appUrl}${SETUP_PATH}` },
      `First-run setup: open ${appUrl}${SETUP_PATH} and enter the setup code ${state.code} (or create the first admin with npm run staff -- add)`,
    );
  if (state.state === "foreign")
    logger.warn(
      { setupUrl: `${appUrl}${SETUP_PATH}` },
      `First-run setup: open ${appUrl}${SETUP_PATH} with the setup code from the log of the instance that started first (its AUTH_SECRET differs from this one's), or create the first admin with npm run staff -- add`,
    );
  return state;
}

/** The stored row's text when `typed` is the setup code (compared in constant time), else null. */
export async function matchSetupCode(executor: Executor, typed: string): Promise<string | null> {
  const row = await storedRow(executor);
  if (!row?.code) return null;
  const expected = Buffer.from(row.code.hash, "hex");
  const given = Buffer.from(hashOf(typed), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given) ? row.value : null;
}

/** Spends the code inside the caller's transaction; false when another request spent it first. */
export async function spendSetupCode(trx: Executor, storedValue: string): Promise<boolean> {
  const result = await trx.deleteFrom("appSettings").where("key", "=", SETUP_CODE_KEY).where("value", "=", storedValue).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
