import type { Transaction } from "kysely";
import type { Database } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { logger } from "~/server/logger.server";
import { fileStore } from "~/server/storage/storage.server";

type Trx = Transaction<Database>;

interface DeleteAccountOptions {
  /** Also drop every outbox row addressed here (a client leaving: issue 15). */
  purgeMailTo?: string;
  /** Runs last inside the transaction, e.g. to queue the confirmation mail. */
  then?: (trx: Trx) => Promise<void>;
}

/**
 * Deletes a user and everything of ours that belongs to them (docs/security.md "Sessions"): profile,
 * projects, complaints and replies (by cascade), their job applications, sessions and sign-in
 * accounts (cascade), in one transaction: should any step fail, nothing is deleted. Resume files
 * are removed only after the commit. Running it twice leaves the same state.
 */
export async function deleteAccountAndData(userId: string, options: DeleteAccountOptions = {}): Promise<void> {
  const resumes = await writeTransaction(async (trx) => {
    const files = await trx
      .selectFrom("jobApplications")
      .select("resume")
      .where("appliedBy", "=", userId)
      .where("resume", "!=", "")
      .execute();
    await trx.deleteFrom("complaints").where("ownerId", "=", userId).execute();
    await trx.deleteFrom("projects").where("ownerId", "=", userId).execute();
    await trx.deleteFrom("profiles").where("userId", "=", userId).execute();
    await trx.deleteFrom("jobApplications").where("appliedBy", "=", userId).execute();
    if (options.purgeMailTo !== undefined) {
      const address = options.purgeMailTo.toLowerCase();
      await trx.deleteFrom("mailOutbox").where((eb) => eb(eb.fn("lower", ["toAddress"]), "=", address)).execute();
    }
    await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    await options.then?.(trx);
    return files.map((f) => f.resume);
  });
  for (const resume of resumes) {
    await fileStore()
      .delete(resume)
      .catch((error: unknown) => logger.warn({ err: error, key: resume }, "resume file not deleted"));
  }
}
