import type { Place } from "~/lib/place";
import { Refusal } from "~/lib/refusal";
import { PLACE_TEXT } from "~/lib/place-text";
import type { Actor } from "~/server/auth/actor.server";
import { forgetPlace, PLACE_KEYS, readPlace } from "~/server/brand/locale.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { saveChangedSettings } from "~/server/models/shared/setting-rows.server";

// Writing the agency's time zone, locale and currency (read: brand/locale.server.ts), and a
// person's own zone. One transaction holds the rows and their audit entries; `site.changed` is
// published after the commit so every instance drops its copy and its cached pages.

/**
 * Saves what changed, one audit row per field. `version` is what the editor loaded: if someone
 * saved since, nothing is written and a "conflict" says so (their values are not overwritten).
 */
export async function updatePlace(actor: Actor, next: Place, version: number, now = Date.now()): Promise<{ changed: boolean }> {
  const changed = await writeTransaction(async (trx) => {
    const current = await readPlace(trx);
    if (current.version !== version) throw new Refusal("conflict", PLACE_TEXT.stale);
    // Strictly newer than every row, so the version moves even within one millisecond.
    const at = Math.max(now, current.version + 1);
    return saveChangedSettings(trx, actor, { keys: PLACE_KEYS, current: current.value, next }, now, at);
  });
  if (changed) {
    forgetPlace();
    events().publish({ type: "site.changed" });
  }
  return { changed };
}

/**
 * A person's own zone. `onlyIfUnset`: the browser's guess on a visit, which never overrides a
 * zone already stored (chosen, or guessed before); not audited, being the person's own preference.
 */
export async function setOwnTimeZone(userId: string, timeZone: string, { onlyIfUnset = false } = {}): Promise<boolean> {
  return writeTransaction(async (trx) => {
    let query = trx.updateTable("users").set({ timeZone }).where("id", "=", userId);
    if (onlyIfUnset) query = query.where("timeZone", "is", null);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}
