import { newId } from "~/lib/ids";
import type { Testimonial } from "~/content/types";
import { db } from "./db.server";
import { events } from "./events.server";

export async function listVisibleTestimonials(): Promise<Testimonial[]> {
  return db()
    .selectFrom("testimonials")
    .select(["id", "review", "name", "category"])
    .where("status", "=", "visible")
    .orderBy("sortOrder")
    .orderBy("createdAt")
    .execute();
}

export async function createTestimonial(
  input: Omit<Testimonial, "id">,
  options: { sortOrder?: number; now?: number } = {},
): Promise<Testimonial> {
  const id = newId();
  const now = options.now ?? Date.now();
  await db()
    .insertInto("testimonials")
    .values({ id, ...input, status: "visible", sortOrder: options.sortOrder ?? 0, createdAt: now, updatedAt: now })
    .execute();
  events().publish({ type: "testimonial.changed", id });
  return { id, ...input };
}

export async function setTestimonialVisibility(id: string, visible: boolean): Promise<boolean> {
  const result = await db()
    .updateTable("testimonials")
    .set({ status: visible ? "visible" : "hidden", updatedAt: Date.now() })
    .where("id", "=", id)
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) events().publish({ type: "testimonial.changed", id });
  return changed;
}

export async function countTestimonials(): Promise<number> {
  const row = await db().selectFrom("testimonials").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
