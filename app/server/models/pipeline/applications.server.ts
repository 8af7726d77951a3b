import type { Selectable, Transaction } from "kysely";
import { newId } from "~/lib/ids";
import { db } from "~/server/db/db.server";
import type { Database, JobApplicationTable } from "~/server/db/schema";
import { applicationSchema, type ApplicationInput } from "~/lib/schemas/applications";
import { APPLICATION_FAILURE_MESSAGE, APPLICATION_SUCCESS_MESSAGE } from "~/lib/constants";
import { FORM_EXPIRED_MESSAGE, RATE_LIMITED_MESSAGE } from "~/lib/form-messages";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { notifyNewApplication } from "../notifications/events.server";
import { publishNotified } from "../notifications/notifications.server";
import { privacyVersionIn } from "../site/legal.server";
import { events } from "~/server/events/bus.server";
import { logger } from "~/server/logger.server";
import { enqueueApplicationMails } from "~/server/mail/notifications.server";
import { getBrand } from "~/server/brand/brand.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { findOpening } from "./openings.server";
import {
  MalformedForm,
  resumeKey,
  UploadRejected,
  type ParsedApplicationForm,
  type PendingResume,
} from "~/server/uploads/resume-upload.server";
import { screenSubmission } from "~/server/defence/spam-defence.server";
import { fileStore, KeyExists } from "~/server/storage/storage.server";
import { resumeIntent, type ResumeIntent } from "~/server/uploads/resume-intents.server";
import type { FormResult } from "~/lib/form-result";

/** A job application as submitted; its hiring stage belongs to the staff side (applications-staff). */
type JobApplication = Omit<Selectable<JobApplicationTable>, "stage">;

interface ResumeRef {
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
    stageChangedAt: now,
    consentVersion: input.consent,
    consentedAt: now,
    privacyVersion: await privacyVersionIn(trx),
  };
  await trx.insertInto("jobApplications").values(application).execute();
  return application;
}

/** Whether an application points to the stored file `key` (crash recovery of resume uploads). */
export async function isResumeReferenced(key: string): Promise<boolean> {
  const row = await db().selectFrom("jobApplications").select("id").where("resume", "=", key).executeTakeFirst();
  return row !== undefined;
}

/** Why an application was not stored; the routes turn it into their status (+shared/upload-status). */
export type ApplicationRefusal = "missing" | "closed" | "rate-limited" | "expired" | "too-large" | "wrong-type" | "malformed" | "failed";

/**
 * A FormResult with the extras of the upload endpoint's JSON (apply-submit.ts): why it was refused,
 * and the field errors of a streamed parse (no Conform reply there).
 */
export interface ApplicationOutcome extends FormResult {
  status: "success" | "invalid" | "error";
  reason?: ApplicationRefusal;
  fieldErrors?: Record<string, string[]>;
  /** The text fields as sent, when invalid: a page re-rendered without JavaScript shows them again. */
  values?: Record<string, string>;
}

const fail = (reason: ApplicationRefusal, message: string): ApplicationOutcome => ({ status: "error", reason, message });

/**
 * The whole application submission (SPEC §5): streamed upload with byte checks, field
 * validation, spam screening, then the row, the resume and the two mails, all or nothing.
 */
export async function submitApplication(
  /** Reads the streamed form (the route binds it to its request); called only once the opening is open. */
  readForm: () => Promise<ParsedApplicationForm>,
  input: { jobId: string; clientIp: string; appliedBy: string | null },
): Promise<ApplicationOutcome> {
  const opening = await findOpening(input.jobId);
  if (!opening) return fail("missing", "This job opening does not exist.");
  if (opening.status !== "open") return fail("closed", "This position is closed and no longer accepts applications.");

  let resume: PendingResume | null = null;
  try {
    const parsed = await readForm();
    resume = parsed.resume;
    const fields = applicationSchema.safeParse(parsed.fields);
    if (!fields.success) {
      return { status: "invalid", fieldErrors: fieldErrorsOf(fields.error.issues), values: sentValues(parsed.fields) };
    }
    const verdict = await screenSubmission({
      kind: "application",
      form: parsed.fields,
      ip: input.clientIp,
      email: fields.data.email,
    });
    if (!verdict.ok && verdict.trapped) return { status: "success", message: APPLICATION_SUCCESS_MESSAGE };
    if (!verdict.ok) {
      return verdict.reason === "rate-limited" ? fail("rate-limited", RATE_LIMITED_MESSAGE) : fail("expired", FORM_EXPIRED_MESSAGE);
    }

    const now = Date.now();
    const intent = resume ? resumeIntent() : null;
    const key = resume && intent ? await commitResume(resume, input.appliedBy ?? "guest", now, intent) : null;
    try {
      const brand = await getBrand();
      const { application, notified } = await writeTransaction(async (trx) => {
        const row = await insertApplication(
          trx,
          {
            ...fields.data,
            jobId: opening.id,
            appliedBy: input.appliedBy,
            resume: resume && key ? { key, name: resume.originalName, kind: resume.kind, size: resume.size } : null,
          },
          now,
        );
        await enqueueApplicationMails(trx, row, opening.title, brand, verdict.confirm);
        return {
          application: row,
          notified: await notifyNewApplication(trx, { id: row.id, name: row.name, openingTitle: opening.title }, now),
        };
      });
      events().publish({ type: "application.created", id: application.id, jobId: opening.id });
      publishNotified(notified);
      notifyMailEnqueued();
    } catch (error) {
      // The row did not commit: the stored resume must not outlive it (if this fails, the intent
      // stays and the next startup deletes it).
      if (key)
        await fileStore()
          .delete(key)
          .then(
            () => intent?.clear(),
            () => undefined,
          );
      throw error;
    }
    await intent?.clear();
    resume = null;
    return { status: "success", message: APPLICATION_SUCCESS_MESSAGE };
  } catch (error) {
    if (error instanceof UploadRejected) return fail(error.reason === "size" ? "too-large" : "wrong-type", error.message);
    if (error instanceof MalformedForm) return fail("malformed", error.message);
    logger.error({ err: error }, "application submission failed");
    return fail("failed", APPLICATION_FAILURE_MESSAGE);
  } finally {
    await resume?.discard();
  }
}

// Guests sending "cv.pdf" at the same moment share a key prefix: under load, dozens race for the
// same milliseconds (load), so a taken key costs only an existence check.
const MAX_KEY_TRIES = 1_000;

/**
 * Stores the resume under resumes/{owner}_{timestamp}_{name}; a same-named twin in the same
 * millisecond pushes it to the next free one. Each key is noted in `intent` before it is tried, so
 * a crash before the row commits is undone at the next startup.
 */
async function commitResume(resume: PendingResume, owner: string, now: number, intent: ResumeIntent): Promise<string> {
  const store = fileStore();
  for (let attempt = 0; attempt < MAX_KEY_TRIES; attempt++) {
    const key = resumeKey(owner, now + attempt, resume.originalName);
    if (await store.exists(key)) continue;
    await intent.note(key);
    try {
      await resume.commit(key);
      return key;
    } catch (error) {
      if (!(error instanceof KeyExists)) throw error;
    }
  }
  await intent.clear(); // the key it names is someone else's file
  throw new Error(`No free resume key after ${MAX_KEY_TRIES} tries`);
}

const FORM_FIELDS = ["name", "email", "message", "consent"] as const;

function sentValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(FORM_FIELDS.flatMap((name) => (typeof fields[name] === "string" ? [[name, fields[name]]] : [])));
}

function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "form");
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}
