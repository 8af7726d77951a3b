import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { recordAudit } from "../shared/audit.server";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";

interface JobOpening {
  id: string;
  title: string;
  location: string;
  type: string;
  description: string;
  salary: string;
  requirements: string[];
  status: "open" | "closed";
  createdAt: number;
  updatedAt: number;
  /**
   * When applications stop (epoch ms): the end of the chosen last day in the agency's zone
   * (lib/schemas/openings.ts), for JobPosting's validThrough; null when unset.
   */
  validThrough: number | null;
}

export type OpeningInput = Omit<JobOpening, "id" | "status" | "createdAt" | "updatedAt" | "validThrough"> & {
  validThrough?: number | null;
};

type Row = Omit<JobOpening, "requirements" | "status"> & { requirements: string; status: string };

function fromRow(row: Row): JobOpening {
  let requirements: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.requirements);
    if (Array.isArray(parsed)) requirements = parsed.filter((r): r is string => typeof r === "string");
  } catch {
    requirements = [];
  }
  return { ...row, requirements, status: row.status === "closed" ? "closed" : "open", validThrough: row.validThrough ?? null };
}

export async function listOpenOpenings(): Promise<JobOpening[]> {
  const rows = await db()
    .selectFrom("jobOpenings")
    .selectAll()
    .where("status", "=", "open")
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return rows.map(fromRow);
}

/** Any opening by id, open or closed (a closed one still answers, so its page can say so). */
export async function findOpening(id: string): Promise<JobOpening | undefined> {
  const row = await db().selectFrom("jobOpenings").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Only the editable fields, whatever else the caller's object carries (mass-assignment safe). */
function editableFields(input: OpeningInput) {
  return {
    title: input.title,
    location: input.location,
    type: input.type,
    description: input.description,
    salary: input.salary,
    requirements: [...input.requirements],
    validThrough: input.validThrough ?? null,
  };
}

// Staff changes name their actor, recorded in the audit log; null is a system change
// (seeding, tests), which is not audited.

export async function createOpening(actor: Actor | null, input: OpeningInput, now = Date.now()): Promise<JobOpening> {
  const opening: JobOpening = { ...editableFields(input), id: newId(), status: "open", createdAt: now, updatedAt: now };
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("jobOpenings")
        .values({ ...opening, requirements: JSON.stringify(opening.requirements) })
        .execute();
      if (actor)
        await recordAudit(
          trx,
          actor,
          { action: "opening.create", entity: "opening", entityId: opening.id, detail: { title: opening.title } },
          now,
        );
    });
  events().publish({ type: "opening.changed", id: opening.id });
  return opening;
}

/** Saves the editable fields; the audit row names the fields that changed. An unknown opening is refused as not found. */
export async function updateOpening(actor: Actor | null, id: string, input: OpeningInput, now = Date.now()): Promise<void> {
  const next = editableFields(input);
  await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("jobOpenings").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) throw new Refusal("not-found", "That opening no longer exists.");
      const current = fromRow(row);
      const fields = (Object.keys(next) as (keyof typeof next)[]).filter(
        (key) => JSON.stringify(current[key]) !== JSON.stringify(next[key]),
      );
      await trx
        .updateTable("jobOpenings")
        .set({ ...next, requirements: JSON.stringify(next.requirements), updatedAt: now })
        .where("id", "=", id)
        .execute();
      if (actor) await recordAudit(trx, actor, { action: "opening.update", entity: "opening", entityId: id, detail: { fields } }, now);
    });
  events().publish({ type: "opening.changed", id });
}

/** Closes or reopens; true only when the status actually changed (a repeat is a no-op, not audited). */
export async function setOpeningStatus(actor: Actor | null, id: string, status: "open" | "closed", now = Date.now()): Promise<boolean> {
  const changed = await db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .updateTable("jobOpenings")
        .set({ status, updatedAt: now })
        .where("id", "=", id)
        .where("status", "<>", status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      const action = status === "closed" ? "opening.close" : "opening.reopen";
      if (actor) await recordAudit(trx, actor, { action, entity: "opening", entityId: id }, now);
      return true;
    });
  if (changed) events().publish({ type: "opening.changed", id });
  return changed;
}

interface OpeningSummary extends JobOpening {
  applications: number;
}

/** Every opening for the console, open ones first, newest first, with its number of applications. */
export async function listOpeningsForStaff(page: {
  limit: number;
  offset: number;
}): Promise<{ openings: OpeningSummary[]; total: number }> {
  const [rows, total] = await Promise.all([
    db()
      .selectFrom("jobOpenings")
      .selectAll("jobOpenings")
      .select((eb) =>
        eb
          .selectFrom("jobApplications")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("jobApplications.jobId", "=", "jobOpenings.id")
          .as("applications"),
      )
      .orderBy("status", "desc")
      .orderBy("createdAt", "desc")
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countOpenings(),
  ]);
  return { total, openings: rows.map(({ applications, ...row }) => ({ ...fromRow(row), applications: Number(applications ?? 0) })) };
}

async function countOpenings(): Promise<number> {
  const row = await db()
    .selectFrom("jobOpenings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
