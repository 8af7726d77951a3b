import { DEFAULT_PLACE, isCurrency, isLocale, knownZone, type Place } from "~/lib/place";
import { calendarDateIn } from "~/lib/zoned-time";
import { db, type Executor } from "~/server/db/db.server";
import { events, type EventBus } from "~/server/events/bus.server";
import type { Stored } from "./brand.server";

// The agency's time zone, locale and currency (console → Settings → Time and place), read on every
// page and mail, so held in memory and dropped on `site.changed` like the brand. One appSettings row
// per field; the version an editor saw is the newest row's updatedAt. Writing (with the audit
// rows) is models/site/place.server.ts.

export const PLACE_KEYS = { timeZone: "locale.timeZone", locale: "locale.locale", currency: "locale.currency" } as const;

let cached: Promise<Stored<Place>> | undefined;
let watched: EventBus | null = null;

function watch(): void {
  const bus = events();
  if (watched === bus) return;
  watched = bus;
  bus.subscribe((event) => {
    if (event.type === "site.changed") cached = undefined;
  });
}

async function read(executor: Executor): Promise<Stored<Place>> {
  const rows = await executor
    .selectFrom("appSettings")
    .select(["key", "value", "updatedAt"])
    .where("key", "in", Object.values(PLACE_KEYS))
    .execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  // A value this runtime does not know (an ICU update dropped a zone) falls back, never breaks a page.
  const locale = value(PLACE_KEYS.locale);
  const currency = value(PLACE_KEYS.currency);
  return {
    value: {
      timeZone: knownZone(value(PLACE_KEYS.timeZone), DEFAULT_PLACE.timeZone),
      locale: locale && isLocale(locale) ? locale : DEFAULT_PLACE.locale,
      currency: currency && isCurrency(currency) ? currency : DEFAULT_PLACE.currency,
    },
    version: Math.max(0, ...rows.map((r) => Number(r.updatedAt))),
  };
}

/**
 * Inside a transaction pass it: on SQLite a read on the pool would wait for the transaction
 * that waits for it.
 */
export function readPlace(executor: Executor = db()): Promise<Stored<Place>> {
  if (executor !== db()) return read(executor);
  watch();
  cached ??= read(executor).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The agency's place in force. */
export async function getPlace(): Promise<Place> {
  return (await readPlace()).value;
}

/**
 * Today's calendar date (YYYY-MM-DD) in the agency's zone: the one "today" a due date is compared
 * with, so a project is overdue for everyone at once, in lists, filters and exports alike.
 */
export async function agencyToday(now = Date.now()): Promise<string> {
  return (await agencyDay(now)).today;
}

/** The agency's zone and its date today: for a page that also names the zone its days are in. */
export async function agencyDay(now = Date.now()): Promise<{ timeZone: string; today: string }> {
  const { timeZone } = await getPlace();
  return { timeZone, today: calendarDateIn(now, timeZone) };
}

/** A person's own zone (null: not set yet). */
export async function userTimeZone(userId: string, executor: Executor = db()): Promise<string | null> {
  const row = await executor.selectFrom("users").select("timeZone").where("id", "=", userId).executeTakeFirst();
  return row?.timeZone ?? null;
}

/**
 * How a mail to this person writes dates: their zone, else the agency's, in the agency's locale.
 * Null (an address that is no account): the agency's.
 */
export async function placeForRecipient(userId: string | null, executor: Executor = db()): Promise<Place> {
  const place = (await readPlace(executor)).value;
  if (!userId) return place;
  return { ...place, timeZone: knownZone(await userTimeZone(userId, executor), place.timeZone) };
}

/** Drops this instance's copy (tests; the model calls it right after its own commit too). */
export function forgetPlace(): void {
  cached = undefined;
}
