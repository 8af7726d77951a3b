import type { Transaction } from "kysely";
import { newId } from "~/lib/ids";
import type { ApplicationInput } from "~/lib/schemas/application";
import { db } from "./db.server";
import type { Database } from "./db/schema";

export interface JobApplication {
  id: string;
  name: string;
  email: string;
  message: string;
  /** Storage key of the private resume, or "" (SPEC §3). */
  resume: string;
  resumeName: string;
  resumeType: string;
  resumeSize: number;
  jobId: string;
  submittedAt: number;
  appliedBy: string | null;
}

export interface ResumeRef {
  key: string;
  name: string;
  kind: string;
  size: number;
}

export async function insertApplication(
  trx: Transaction<Database>,
  input: ApplicationInput & { jobId: string; appliedBy: string | null; resume: ResumeRef | null },
  now = Date.now(),
): Promise<JobApplication> {
  const application: JobApplication = {
    id: newId(),
    name: input.name,
    email: input.email,
    message: input.message ?? "",
    resume: input.resume?.key ?? "",
    resumeName: input.resume?.name ?? "",
    resumeType: input.resume?.kind ?? "",
    resumeSize: input.resume?.size ?? 0,
    jobId: input.jobId,
    submittedAt: now,
    appliedBy: input.appliedBy,
  };
  await trx.insertInto("jobApplications").values(application).execute();
  return application;
}

export async function listApplicationsForOpening(jobId: string): Promise<JobApplication[]> {
  return db()
    .selectFrom("jobApplications")
    .select(["id", "name", "email", "message", "resume", "resumeName", "resumeType", "resumeSize", "jobId", "submittedAt", "appliedBy"])
    .where("jobId", "=", jobId)
    .orderBy("submittedAt", "desc")
    .execute();
}

export async function countApplications(): Promise<number> {
  const row = await db().selectFrom("jobApplications").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether an application points to the stored file `key` (crash recovery of resume uploads). */
export async function isResumeReferenced(key: string): Promise<boolean> {
  const row = await db().selectFrom("jobApplications").select("id").where("resume", "=", key).executeTakeFirst();
  return row !== undefined;
}
