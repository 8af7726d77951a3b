import { forgetPlace } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";

/** Puts the agency in `timeZone`, as Settings → Time and place would ("UTC" is the default). */
export async function setAgencyZone(timeZone: string): Promise<void> {
  await db().deleteFrom("appSettings").where("key", "=", "locale.timeZone").execute();
  await db()
    .insertInto("appSettings")
    .values({ key: "locale.timeZone", value: timeZone, updatedAt: Date.now(), updatedBy: null })
    .execute();
  forgetPlace();
}
