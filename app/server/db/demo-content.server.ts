import { demoOpenings } from "~/content/demo-openings";
import { demoTestimonials } from "~/content/testimonials";
import { db, type Db } from "./db.server";
import { logger } from "~/server/logger.server";

async function isEmpty(database: Db, table: "jobOpenings" | "testimonials"): Promise<boolean> {
  const row = await database.selectFrom(table).select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Seeds demo openings and testimonials into empty tables. Fixed ids and ON CONFLICT DO NOTHING keep
 * it idempotent even when several instances start at once.
 */
export async function seedDemoContent(database: Db = db(), now = Date.now()): Promise<{ openings: number; testimonials: number }> {
  let openings = 0;
  let testimonials = 0;
  if (await isEmpty(database, "jobOpenings")) {
    for (const [i, o] of demoOpenings.entries()) {
      const createdAt = now - i * 86_400_000;
      const result = await database
        .insertInto("jobOpenings")
        .values({ ...o, requirements: JSON.stringify(o.requirements), status: "open", createdAt, updatedAt: createdAt })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      openings += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  if (await isEmpty(database, "testimonials")) {
    for (const [i, t] of demoTestimonials.entries()) {
      const result = await database
        .insertInto("testimonials")
        .values({ ...t, id: `demo-${t.id}`, status: "visible", sortOrder: i, createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      testimonials += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  if (openings || testimonials) logger.info({ openings, testimonials }, "demo content seeded");
  return { openings, testimonials };
}
