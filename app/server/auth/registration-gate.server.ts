import { AsyncLocalStorage } from "node:async_hooks";
import { settingsFromRows } from "~/lib/app-settings";
import { db } from "~/server/db/db.server";
import { pendingClientInvitations } from "./invitation-gate.server";

// When the operator turns self-registration off, no client account comes into
// being except through an invitation. Our own forms check before they call Better Auth (/login's
// register refuses; an invitation's acceptance is one). The other way in is Google's callback,
// which creates the user inside Better Auth's transaction; on SQLite that transaction holds the one
// connection, so validateUserInfo cannot read the database. The callback's route therefore reads
// what the gate needs first, and validateUserInfo only consults this snapshot.

interface GateSnapshot {
  selfRegistration: boolean;
  /** Lower-cased addresses with an invitation pending in an open company. */
  invited: Set<string>;
}

const snapshots = new AsyncLocalStorage<GateSnapshot>();

async function readSnapshot(now = Date.now()): Promise<GateSnapshot> {
  const rows = await db().selectFrom("appSettings").select(["key", "value"]).where("key", "=", "selfRegistration").execute();
  const { selfRegistration } = settingsFromRows(rows);
  if (selfRegistration) return { selfRegistration, invited: new Set() };
  const pending = await pendingClientInvitations(now).select("i.email").execute();
  return { selfRegistration, invited: new Set(pending.map((p) => p.email.trim().toLowerCase())) };
}

/** Runs a Better Auth callback with the gate's facts read beforehand (outside its transaction). */
export async function withSignUpGate<T>(run: () => Promise<T>): Promise<T> {
  return snapshots.run(await readSnapshot(), run);
}

/**
 * Whether a client account may be created for this address, for validateUserInfo. Outside a gated
 * callback (our own actions, which check first) the answer is yes.
 */
export function clientSignUpAllowed(email: string): boolean {
  const snapshot = snapshots.getStore();
  if (!snapshot || snapshot.selfRegistration) return true;
  return snapshot.invited.has(email.trim().toLowerCase());
}
