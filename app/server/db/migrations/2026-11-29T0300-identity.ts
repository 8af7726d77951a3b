import { sql, type Kysely } from "kysely";

// Decision 0075: one name per person, read where it is shown.
// - companies.name_origin: "fallback" for a self-registered company still named after its founder
//   (their profile's company field renames it once), "given" for a name a person or staff chose.
// - complaint_replies.sender_id: who wrote a reply, so the thread shows their name as it is now;
//   the stored sender_name stays for someone who left.
// - users.name holds a full name or nothing: the e-mail's local part it got as a placeholder is
//   dropped (pages show the e-mail instead), and a profile's full name is copied in.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("companies")
    .addColumn("name_origin", "varchar(16)", (c) => c.notNull().defaultTo("given"))
    .execute();
  await db.schema
    .alterTable("complaint_replies")
    .addColumn("sender_id", "varchar(36)", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await markFallbackNames(db);
  await linkClientReplies(db);
  await keepFullNamesOnly(db);
}

/** A self-registered company is fallback-named unless a member's profile named it or staff edited it. */
async function markFallbackNames(db: Kysely<unknown>): Promise<void> {
  await sql`update companies set name_origin = 'fallback'
    where origin = 'self'
      and not exists (select 1 from users u join profiles p on p.user_id = u.id
                      where u.company_id = companies.id and trim(p.company) = companies.name)
      and not exists (select 1 from audit_log a
                      where a.entity = 'company' and a.entity_id = companies.id and a.action = 'company.update')`.execute(db);
}

/** A client's reply whose stored name is the request's creator's is theirs. */
async function linkClientReplies(db: Kysely<unknown>): Promise<void> {
  await sql`update complaint_replies set sender_id = (
      select u.id from complaints c join users u on u.id = c.created_by
      where c.id = complaint_replies.complaint_id and u.name = complaint_replies.sender_name)
    where sender = 'client'`.execute(db);
}

async function keepFullNamesOnly(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; name: string; email: string; fullName: string | null }>`
    select u.id, u.name, u.email, p.full_name as "fullName" from users u left join profiles p on p.user_id = u.id`.execute(db);
  for (const user of rows) {
    const localPart = user.email.split("@")[0] ?? "";
    const next = user.fullName?.trim() || (user.name.trim() === localPart ? "" : user.name);
    if (next !== user.name) await sql`update users set name = ${next} where id = ${user.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("complaint_replies").dropColumn("sender_id").execute();
  await db.schema.alterTable("companies").dropColumn("name_origin").execute();
}
