import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { Testimonial } from "~/content/types";
import { recordAudit } from "../shared/audit.server";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";

type TestimonialInput = Omit<Testimonial, "id">;

interface StaffTestimonial extends Testimonial {
  visible: boolean;
  updatedAt: number;
}

export async function listVisibleTestimonials(): Promise<Testimonial[]> {
  return db()
    .selectFrom("testimonials")
    .select(["id", "review", "name", "category"])
    .where("status", "=", "visible")
    .orderBy("sortOrder")
    .orderBy("createdAt")
    .execute();
}

/** Only the editable fields, whatever else the caller's object carries (mass-assignment safe). */
function editableFields(input: TestimonialInput): TestimonialInput {
  return { review: input.review, name: input.name, category: input.category };
}

// Staff changes name their actor, recorded in the audit log; null is a system change
// (seeding, tests), which is not audited.

/** Adds a visible testimonial after the existing ones. */
export async function createTestimonial(actor: Actor | null, input: TestimonialInput, now = Date.now()): Promise<Testimonial> {
  const id = newId();
  const fields = editableFields(input);
  await db()
    .transaction()
    .execute(async (trx) => {
      const last = await trx
        .selectFrom("testimonials")
        .select((eb) => eb.fn.max("sortOrder").as("max"))
        .executeTakeFirst();
      const sortOrder = last?.max == null ? 0 : Number(last.max) + 1;
      await trx
        .insertInto("testimonials")
        .values({ id, ...fields, status: "visible", sortOrder, createdAt: now, updatedAt: now })
        .execute();
      if (actor)
        await recordAudit(
          trx,
          actor,
          { action: "testimonial.create", entity: "testimonial", entityId: id, detail: { name: fields.name } },
          now,
        );
    });
  events().publish({ type: "testimonial.changed", id });
  return { id, ...fields };
}

/** Saves review, name and category; an unknown testimonial is refused as not found. */
export async function updateTestimonial(actor: Actor | null, id: string, input: TestimonialInput, now = Date.now()): Promise<void> {
  const next = editableFields(input);
  await db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("testimonials").select(["review", "name", "category"]).where("id", "=", id).executeTakeFirst();
      if (!current) throw new Refusal("not-found", "That testimonial no longer exists.");
      const fields = (Object.keys(next) as (keyof TestimonialInput)[]).filter((key) => current[key] !== next[key]);
      await trx
        .updateTable("testimonials")
        .set({ ...next, updatedAt: now })
        .where("id", "=", id)
        .execute();
      if (actor)
        await recordAudit(trx, actor, { action: "testimonial.update", entity: "testimonial", entityId: id, detail: { fields } }, now);
    });
  events().publish({ type: "testimonial.changed", id });
}

/** Hides or shows; true only when the visibility actually changed (a repeat is a no-op, not audited). */
export async function setTestimonialVisibility(actor: Actor | null, id: string, visible: boolean, now = Date.now()): Promise<boolean> {
  const status = visible ? "visible" : "hidden";
  const changed = await db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .updateTable("testimonials")
        .set({ status, updatedAt: now })
        .where("id", "=", id)
        .where("status", "<>", status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      if (actor) {
        await recordAudit(
          trx,
          actor,
          { action: visible ? "testimonial.show" : "testimonial.hide", entity: "testimonial", entityId: id },
          now,
        );
      }
      return true;
    });
  if (changed) events().publish({ type: "testimonial.changed", id });
  return changed;
}

export async function findTestimonial(id: string): Promise<StaffTestimonial | undefined> {
  const row = await db()
    .selectFrom("testimonials")
    .select(["id", "review", "name", "category", "status", "updatedAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toStaffTestimonial(row) : undefined;
}

/** Every testimonial for the console, in the home page's order, hidden ones included. */
export async function listTestimonialsForStaff(page: {
  limit: number;
  offset: number;
}): Promise<{ testimonials: StaffTestimonial[]; total: number }> {
  const [rows, total] = await Promise.all([
    db()
      .selectFrom("testimonials")
      .select(["id", "review", "name", "category", "status", "updatedAt"])
      .orderBy("sortOrder")
      .orderBy("createdAt")
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countTestimonials(),
  ]);
  return { total, testimonials: rows.map(toStaffTestimonial) };
}

function toStaffTestimonial({ status, ...row }: Testimonial & { status: string; updatedAt: number }): StaffTestimonial {
  return { ...row, visible: status === "visible" };
}

async function countTestimonials(): Promise<number> {
  const row = await db()
    .selectFrom("testimonials")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
