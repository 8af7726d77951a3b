import { db, type Db, type Executor } from "~/server/db/db.server";

// Whether first-run setup is still to do (decision "first-run setup"): it is done as soon as any
// staff account exists, however it was made (/setup, `npm run staff -- add`, an invitation). Until
// then the staff login and the console send visitors to /setup.

export const SETUP_PATH = "/setup";

/** Whether any staff account exists. */
export async function hasStaffAccount(executor: Executor = db()): Promise<boolean> {
  const row = await executor.selectFrom("users").select("id").where("role", "=", "employee").limit(1).executeTakeFirst();
  return row !== undefined;
}

// Once done, setup stays done for this database handle: the question is asked on every visit to
// the staff login until then, and never again after (removing every staff member at the command
// line does not reopen /setup until a restart, which also issues a new code).
const done = new WeakSet<Db>();

/** Setup is done as soon as any staff account exists (so `npm run staff -- add` counts). */
export async function isSetupDone(): Promise<boolean> {
  const database = db();
  if (done.has(database)) return true;
  if (!(await hasStaffAccount(database))) return false;
  done.add(database);
  return true;
}

/** Tests: ask the database again (its staff accounts were deleted under this handle). */
export function forgetSetupDone(): void {
  done.delete(db());
}
