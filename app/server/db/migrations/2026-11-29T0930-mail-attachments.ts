import type { Kysely } from "kysely";

// A queued mail's attachments (an issued invoice's PDF): a JSON array of { key, filename,
// contentType }, each key a file in the private file store that the worker reads when it sends.
// The mail does not own those files: the invoice keeps its PDF for as long as it is kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("attachments", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("attachments").execute();
}
