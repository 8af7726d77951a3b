import { sql } from "kysely";
import type { Trx } from "~/server/db/db.server";

// Decision 0048: an erased person is also quoted by rows that are not theirs: the
// audit log (as actor or in a change's detail), mails queued or sent to them or about them, other
// people's notifications ("Asha replied"), sign-in throttles and pending verifications. These are
// scrubbed in the erasure's transaction; the rows stay where they are counted (the audit log).

export const ERASED = "Erased";

/** The address an anonymised row keeps: unique per record, never deliverable (RFC 2606 `.invalid`). */
export function erasedEmail(id: string): string {
  return `erased-${id}@invalid`;
}

export interface ErasedPerson {
  email: string;
  /** Every name they are shown by (account name, profile full name, a form's name). */
  names: string[];
  userId?: string;
  /** The erased records (lead, application, user, company ids): links and audit rows name them. */
  recordIds: string[];
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/**
 * Names short enough to be part of other words are left alone rather than mangling other text, and
 * so is the placeholder itself (erasing an anonymised record again must not touch other rows).
 */
const usableNames = (names: string[]) => [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 3 && n !== ERASED))];

/** Whether `column` contains one of `needles`, ignoring case. */
function containsAny(column: string, needles: string[]) {
  if (needles.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(
    needles.map((n) => sql`lower(${sql.ref(column)}) like ${like(n.toLowerCase())} escape '\\'`),
    sql` or `,
  )})`;
}

/** `replace(…)` of every needle in `column`: done by the database, so no row is read here. */
function replaced(column: string, pairs: [string, string][]) {
  let expression = sql<string>`${sql.ref(column)}`;
  for (const [from, to] of pairs) expression = sql<string>`replace(${expression}, ${from}, ${to})`;
  return expression;
}

export async function scrubTraces(trx: Trx, person: ErasedPerson, placeholderEmail: string): Promise<void> {
  const email = person.email.toLowerCase();
  const names = usableNames(person.names);
  const ids = [...person.recordIds, ...(person.userId ? [person.userId] : [])];
  const mentions = [email, ...ids];
  // Mails are a log: one that names them (a staff alert "New lead from Asha Rao") goes whole.
  const mailMentions = [...mentions, ...names];

  await trx
    .deleteFrom("mailOutbox")
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["toAddress"]), "=", email),
        ...(person.userId ? [eb("userId", "=", person.userId)] : []),
        containsAny("idempotencyKey", ids),
        containsAny("subject", mailMentions),
        containsAny("textBody", mailMentions),
        containsAny("htmlBody", mailMentions),
      ]),
    )
    .execute();
  await trx
    .deleteFrom("notifications")
    .where((eb) => eb.or([containsAny("link", person.recordIds), containsAny("title", [email]), containsAny("body", [email])]))
    .execute();
  if (names.length > 0) {
    const pairs = names.map((n): [string, string] => [n, ERASED]);
    await trx.updateTable("notifications").set({ actorName: ERASED }).where("actorName", "in", names).execute();
    await trx
      .updateTable("notifications")
      .set({ title: replaced("title", pairs), body: replaced("body", pairs) })
      .where((eb) => eb.or([containsAny("title", names), containsAny("body", names)]))
      .execute();
  }

  // Invoices are kept for the legal period: the person leaves the contact field,
  // the invoice's legal content (the billed name, address and tax id) stays.
  await trx
    .updateTable("invoices")
    .set({ billingEmail: "" })
    .where((eb) => eb(eb.fn("lower", ["billingEmail"]), "=", email))
    .execute();

  if (person.userId) await trx.updateTable("auditLog").set({ actorEmail: placeholderEmail }).where("actorId", "=", person.userId).execute();
  await trx
    .updateTable("auditLog")
    .set({ actorEmail: placeholderEmail })
    .where((eb) => eb(eb.fn("lower", ["actorEmail"]), "=", email))
    .execute();
  // A change to the erased record itself keeps its action, actor and time; what it said goes.
  if (person.recordIds.length > 0)
    await trx.updateTable("auditLog").set({ detail: "{}" }).where("entityId", "in", person.recordIds).execute();
  const jsonPairs: [string, string][] = [
    [email, placeholderEmail],
    ...names.map((n): [string, string] => [JSON.stringify(n).slice(1, -1), ERASED]),
  ];
  await trx
    .updateTable("auditLog")
    .set({ detail: replaced("detail", jsonPairs) })
    .where((eb) => eb.or([containsAny("detail", mentions), ...(names.length > 0 ? [containsAny("detail", names)] : [])]))
    .execute();

  await trx
    .deleteFrom("rateLimits")
    .where(containsAny("key", [email]))
    .execute();
  await sql`delete from verifications where lower(identifier) like ${like(email)} or value like ${like(email)}${person.userId ? sql` or value like ${like(person.userId)}` : sql``}`.execute(
    trx,
  );
  await trx
    .deleteFrom("clientInvitations")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .execute();
  await trx
    .deleteFrom("staffInvitations")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .execute();
}
