import { newId } from "~/lib/ids";
import { db } from "./db.server";
import { events } from "./events.server";

export interface JobOpening {
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
}

export type OpeningInput = Omit<JobOpening, "id" | "status" | "createdAt" | "updatedAt">;

type Row = Omit<JobOpening, "requirements" | "status"> & { requirements: string; status: string };

function fromRow(row: Row): JobOpening {
  let requirements: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.requirements);
    if (Array.isArray(parsed)) requirements = parsed.filter((r): r is string => typeof r === "string");
  } catch {
    requirements = [];
  }
  return { ...row, requirements, status: row.status === "closed" ? "closed" : "open" };
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

export async function createOpening(input: OpeningInput, now = Date.now()): Promise<JobOpening> {
  const opening = { ...input, id: newId(), status: "open" as const, createdAt: now, updatedAt: now };
  await db()
    .insertInto("jobOpenings")
    .values({ ...opening, requirements: JSON.stringify(input.requirements) })
    .execute();
  events().publish({ type: "opening.changed", id: opening.id });
  return opening;
}

export async function setOpeningStatus(id: string, status: "open" | "closed", now = Date.now()): Promise<boolean> {
  const result = await db()
    .updateTable("jobOpenings")
    .set({ status, updatedAt: now })
    .where("id", "=", id)
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) events().publish({ type: "opening.changed", id });
  return changed;
}

export async function countOpenings(): Promise<number> {
  const row = await db().selectFrom("jobOpenings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
