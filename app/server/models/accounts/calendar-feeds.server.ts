import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CalendarFeedView } from "~/lib/calendar-feed";
import { newId } from "~/lib/ids";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { absoluteUrl, getEnv } from "~/server/env.server";
import { recordAudit } from "../shared/audit.server";

// A person's private calendar address (decision 0106). The row keeps a random nonce; the address
// is `/calendar/{id}.{HMAC(id, nonce)}.ics`, so it can be shown again to its owner yet a copy of
// the database alone opens nobody's calendar. "Make a new link" changes the nonce (the old address
// stops at once); "Turn off" deletes the row.

const FEED_PATH = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})\.ics$/;
/** How often a fetch writes "last used": calendar apps poll, and a write per poll buys nothing. */
const TOUCH_EVERY_MS = 60 * 60_000;

const signatureOf = (id: string, nonce: string) =>
  createHmac("sha256", getEnv().AUTH_SECRET).update(`calendar-feed:${id}:${nonce}`).digest("base64url");

const urlOf = (feed: { id: string; nonce: string }) => absoluteUrl(`/calendar/${feed.id}.${signatureOf(feed.id, feed.nonce)}.ics`);

/** The owner's feed as their account page shows it, or null when they have none. */
export async function calendarFeedOf(userId: string): Promise<CalendarFeedView | null> {
  const row = await db().selectFrom("calendarFeeds").selectAll().where("userId", "=", userId).executeTakeFirst();
  if (!row) return null;
  return { url: urlOf(row), createdAt: Number(row.createdAt), lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt) };
}

/** Makes the actor's feed, or gives it a new address (the old one stops working); audited. */
export async function makeCalendarFeed(actor: Actor, now = Date.now()): Promise<"made" | "renewed"> {
  return writeTransaction(async (trx) => {
    const nonce = randomBytes(24).toString("base64url");
    const existing = await trx.selectFrom("calendarFeeds").select("id").where("userId", "=", actor.id).executeTakeFirst();
    if (existing) {
      await trx.updateTable("calendarFeeds").set({ nonce, createdAt: now, lastUsedAt: null }).where("id", "=", existing.id).execute();
    } else {
      await trx.insertInto("calendarFeeds").values({ id: newId(), userId: actor.id, nonce, createdAt: now, lastUsedAt: null }).execute();
    }
    const outcome = existing ? "renewed" : "made";
    await recordAudit(
      trx,
      actor,
      { action: `calendar-feed.${outcome === "made" ? "create" : "renew"}`, entity: "user", entityId: actor.id },
      now,
    );
    return outcome;
  });
}

/** Turns the actor's feed off (its address answers 404 from now on); false when there was none. */
export async function removeCalendarFeed(actor: Actor, now = Date.now()): Promise<boolean> {
  return writeTransaction(async (trx) => {
    const removed = await trx.deleteFrom("calendarFeeds").where("userId", "=", actor.id).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    await recordAudit(trx, actor, { action: "calendar-feed.remove", entity: "user", entityId: actor.id }, now);
    return true;
  });
}

/** Who a feed's address stands for: its owner's id, or null for a made-up, changed or removed one. */
export async function calendarFeedOwnerId(file: string, now = Date.now()): Promise<string | null> {
  const match = FEED_PATH.exec(file);
  if (!match) return null;
  const [, id, signature] = match as unknown as [string, string, string];
  const row = await db().selectFrom("calendarFeeds").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const expected = Buffer.from(signatureOf(row.id, row.nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (row.lastUsedAt === null || now - Number(row.lastUsedAt) >= TOUCH_EVERY_MS) {
    await db().updateTable("calendarFeeds").set({ lastUsedAt: now }).where("id", "=", row.id).execute();
  }
  return row.userId;
}
