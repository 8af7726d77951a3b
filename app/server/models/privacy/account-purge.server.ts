import { writeTransaction } from "~/server/db/write-transaction.server";
import { companyStoredKeys, deleteCompanyRow } from "./erasure-company.server";
import { deleteStoredAfterCommit } from "./erasure-files.server";
import type { Trx } from "~/server/db/db.server";

interface DeleteAccountOptions {
  /** Also drop every outbox row addressed here (a client leaving:). */
  purgeMailTo?: string;
  /** Runs last inside the transaction, e.g. to queue the confirmation mail. */
  then?: (trx: Trx) => Promise<void>;
}

/**
 * Deletes a user and everything of ours that belongs to them (docs/security.md "Sessions"): profile,
 * their job applications, sessions and sign-in accounts (cascade), in one transaction: should any
 * step fail, nothing is deleted. Resume files (and, a deleted company's project files)
 * are removed only after the commit. Running it twice
 * leaves the same state.
 *
 * Projects and support requests belong to the company. A client who registered their
 * own company and is its last member takes it with them (projects, progress, complaints, replies
 * and invitations by cascade: the SPEC's "delete account" journey). Otherwise the company keeps
 * its work; the rows they created only forget who (created_by is set null by the foreign key).
 */
export async function deleteAccountAndData(userId: string, options: DeleteAccountOptions = {}): Promise<void> {
  const stored = await writeTransaction(async (trx) => {
    const files = await trx
      .selectFrom("jobApplications")
      .select("resume")
      .where("appliedBy", "=", userId)
      .where("resume", "!=", "")
      .execute();
    const company = await trx
      .selectFrom("users as u")
      .innerJoin("companies as c", "c.id", "u.companyId")
      .select(["c.id", "c.origin"])
      .select((eb) =>
        eb.selectFrom("users as m").select(eb.fn.countAll<number>().as("n")).whereRef("m.companyId", "=", "c.id").as("members"),
      )
      .where("u.id", "=", userId)
      .executeTakeFirst();
    // The company's project files and request attachments (with thumbnails) go with it, after the commit.
    const projectFiles: string[] = [];
    if (company && company.origin === "self" && Number(company.members) <= 1) {
      projectFiles.push(...(await companyStoredKeys(trx, company.id)));
      await deleteCompanyRow(trx, company.id);
    }
    await trx.deleteFrom("profiles").where("userId", "=", userId).execute();
    await trx.deleteFrom("jobApplications").where("appliedBy", "=", userId).execute();
    if (options.purgeMailTo !== undefined) {
      const address = options.purgeMailTo.toLowerCase();
      await trx
        .deleteFrom("mailOutbox")
        .where((eb) => eb(eb.fn("lower", ["toAddress"]), "=", address))
        .execute();
    }
    await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
    await trx.deleteFrom("calendarFeeds").where("userId", "=", userId).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    await options.then?.(trx);
    return [...files.map((f) => f.resume), ...projectFiles];
  });
  // Decision 0048: noted in an intent first, and retried when the store fails.
  await deleteStoredAfterCommit(stored);
}
