import type { Transaction } from "kysely";
import {
  DEFAULT_DIGEST_HOUR,
  defaultMailChoice,
  MAIL_CHOICES,
  notificationTypesFor,
  type MailAudience,
  type MailChoice,
} from "~/lib/mail-preferences";
import { DEFAULT_TIME_ZONE } from "~/lib/time-zones";
import type { NotificationType } from "~/lib/notification-types";
import { placeForRecipient } from "~/server/brand/locale.server";
import { db, type Executor } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";

// Decision 0046: a person's e-mail preferences. Rows exist only for choices
// someone saved; everything else follows the defaults of app/lib/mail-preferences.ts.

export interface MailPreferences {
  choices: Record<string, MailChoice>;
  digestHour: number;
  timeZone: string;
}

export interface DigestSchedule {
  hour: number;
  timeZone: string;
}

export function audienceOf(role: string): MailAudience {
  return role === "client" ? "client" : "staff";
}

const isChoice = (value: string): value is MailChoice => (MAIL_CHOICES as readonly string[]).includes(value);

/** The person's choice for each type they hear of, with their digest hour and zone. */
export async function getMailPreferences(user: { id: string; role: string }, executor: Executor = db()): Promise<MailPreferences> {
  const audience = audienceOf(user.role);
  const [rows, schedule] = await Promise.all([
    executor.selectFrom("notificationPreferences").select(["type", "choice"]).where("userId", "=", user.id).execute(),
    getDigestSchedule(user.id, executor),
  ]);
  const saved = new Map(rows.map((row) => [row.type, row.choice]));
  const choices: Record<string, MailChoice> = {};
  for (const type of notificationTypesFor(audience)) {
    const choice = saved.get(type);
    choices[type] = choice && isChoice(choice) ? choice : defaultMailChoice(audience, type);
  }
  return { choices, digestHour: schedule.hour, timeZone: schedule.timeZone };
}

export async function getDigestSchedule(userId: string, executor: Executor = db()): Promise<DigestSchedule> {
  const row = await executor.selectFrom("digestSchedules").select(["hour", "timeZone"]).where("userId", "=", userId).executeTakeFirst();
  if (row) return { hour: Number(row.hour), timeZone: row.timeZone };
  // Never chosen: the person's own zone (from their browser), else the agency's.
  const { timeZone } = await placeForRecipient(userId, executor);
  return { hour: DEFAULT_DIGEST_HOUR, timeZone: timeZone ?? DEFAULT_TIME_ZONE };
}

/** Each recipient's choice for one type: what `notify` asks before it queues a mail. */
export async function mailChoicesFor(
  executor: Executor,
  people: ReadonlyArray<{ id: string; role: string }>,
  type: NotificationType,
): Promise<Map<string, MailChoice>> {
  if (people.length === 0) return new Map();
  const rows = await executor
    .selectFrom("notificationPreferences")
    .select(["userId", "choice"])
    .where("type", "=", type)
    .where(
      "userId",
      "in",
      people.map((p) => p.id),
    )
    .execute();
  const saved = new Map(rows.map((row) => [row.userId, row.choice]));
  return new Map(
    people.map((person) => {
      const choice = saved.get(person.id);
      return [person.id, choice && isChoice(choice) ? choice : defaultMailChoice(audienceOf(person.role), type)];
    }),
  );
}

async function upsertChoice(trx: Transaction<Database>, userId: string, type: string, choice: MailChoice, now: number): Promise<void> {
  await trx
    .insertInto("notificationPreferences")
    .values({ userId, type, choice, updatedAt: now })
    .onConflict((oc) => oc.columns(["userId", "type"]).doUpdateSet({ choice, updatedAt: now }))
    .execute();
}

/** Saves the form: only the types the person hears of are written, whatever else was posted. */
export async function saveMailPreferences(
  user: { id: string; role: string },
  input: { choices: Record<string, MailChoice>; digestHour: number; timeZone: string },
  now = Date.now(),
): Promise<void> {
  const types = notificationTypesFor(audienceOf(user.role));
  await writeTransaction(async (trx) => {
    for (const type of types) {
      const choice = input.choices[type];
      if (choice) await upsertChoice(trx, user.id, type, choice, now);
    }
    const schedule = { hour: input.digestHour, timeZone: input.timeZone, updatedAt: now };
    await trx
      .insertInto("digestSchedules")
      .values({ userId: user.id, ...schedule })
      .onConflict((oc) => oc.column("userId").doUpdateSet(schedule))
      .execute();
  });
}

/**
 * The one-click unsubscribe: sets the types to off. Returns those that were not off already
 * (empty: nothing changed).
 */
export async function turnOffMail(
  user: { id: string; role: string },
  types: readonly NotificationType[],
  now = Date.now(),
): Promise<NotificationType[]> {
  return writeTransaction(async (trx) => {
    const current = await getMailPreferences(user, trx);
    const changed = types.filter((type) => current.choices[type] !== undefined && current.choices[type] !== "off");
    for (const type of changed) await upsertChoice(trx, user.id, type, "off", now);
    return changed;
  });
}

export interface UnsubscribeTarget {
  user: { id: string; role: string; email: string };
  /** What the link turns off now: its type, or every type the person gets in the digest. */
  types: NotificationType[];
}

/** Whose mail a verified link stops, and which types; null for a person who no longer exists. */
export async function unsubscribeTarget(claim: { userId: string; scope: NotificationType | "digest" }): Promise<UnsubscribeTarget | null> {
  const user = await db().selectFrom("users").select(["id", "role", "email"]).where("id", "=", claim.userId).executeTakeFirst();
  if (!user) return null;
  const { choices } = await getMailPreferences(user);
  const mine = notificationTypesFor(audienceOf(user.role));
  const types = claim.scope === "digest" ? mine.filter((type) => choices[type] === "digest") : mine.filter((type) => type === claim.scope);
  if (claim.scope !== "digest" && types.length === 0) return null;
  return { user, types };
}
