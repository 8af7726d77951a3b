import { db } from "~/server/db/db.server";
import { logger } from "~/server/logger.server";
import { fileStore } from "~/server/storage/storage.server";

/**
 * Deletes everything of ours that belongs to a user (docs/security.md "Sessions": Better Auth
 * does not): profile, projects, complaints and replies (by cascade), their job applications and
 * resume files.
 * Idempotent: running it twice leaves the same state.
 */
export async function purgeUserData(userId: string): Promise<void> {
  const resumes = await db()
    .selectFrom("jobApplications")
    .select("resume")
    .where("appliedBy", "=", userId)
    .where("resume", "!=", "")
    .execute();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("complaints").where("ownerId", "=", userId).execute();
      await trx.deleteFrom("projects").where("ownerId", "=", userId).execute();
      await trx.deleteFrom("profiles").where("userId", "=", userId).execute();
      await trx.deleteFrom("jobApplications").where("appliedBy", "=", userId).execute();
    });
  for (const { resume } of resumes) {
    await fileStore()
      .delete(resume)
      .catch((error: unknown) => logger.warn({ err: error, key: resume }, "resume file not deleted"));
  }
}
