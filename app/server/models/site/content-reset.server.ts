import { CONTENT_TYPES } from "~/lib/site-content";
import type { Actor } from "~/server/auth/actor.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";
import { siteChanged } from "./content-write.server";

// "Start from an empty site": the demo's services, case studies (and the other demo types) and
// the demo testimonials go, with their history; what staff added stays. The testimonials table
// belongs to pipeline/ (a floor above): only its seeded rows, recognised by their "demo-" ids
// (db/demo-content.server.ts), are deleted here, in the same transaction as the rest.

export interface EmptySiteResult {
  items: number;
  testimonials: number;
}

export async function startFromEmptySite(actor: Actor, now = Date.now()): Promise<EmptySiteResult> {
  const types = CONTENT_TYPES.filter((t) => t.demo).map((t) => t.type);
  const result = await writeTransaction(async (trx) => {
    const demo = await trx.selectFrom("siteItems").select("id").where("origin", "=", "seed").where("type", "in", types).execute();
    const ids = demo.map((row) => row.id);
    if (ids.length) {
      await trx.deleteFrom("siteRedirects").where("itemId", "in", ids).execute();
      await trx.deleteFrom("siteVersions").where("itemId", "in", ids).execute();
      await trx.deleteFrom("siteItems").where("id", "in", ids).execute();
    }
    const gone = await trx.deleteFrom("testimonials").where("id", "like", "demo-%").executeTakeFirst();
    const counts = { items: ids.length, testimonials: Number(gone.numDeletedRows) };
    await recordAudit(trx, actor, { action: "site.start-empty", entity: "site", entityId: "demo", detail: { ...counts } }, now);
    return counts;
  });
  siteChanged();
  if (result.testimonials) events().publish({ type: "testimonial.changed", id: "demo" });
  return result;
}
