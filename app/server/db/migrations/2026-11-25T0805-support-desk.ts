import { sql, type Kysely } from "kysely";

// The support desk. A request gains an assignee, a priority, the time the client
// has been waiting since (their last message, unanswered), and when its client closed it (they may
// reopen it within 30 days). Internal notes are staff-only and never leave the console.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("complaints")
    .addColumn("assignee_id", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  // low | normal | high | urgent
  await db.schema
    .alterTable("complaints")
    .addColumn("priority", "varchar(8)", (c) => c.notNull().defaultTo("normal"))
    .execute();
  // Epoch ms of the client's oldest message not yet answered by staff; null when staff spoke last.
  await db.schema.alterTable("complaints").addColumn("waiting_since", "bigint").execute();
  await db.schema.alterTable("complaints").addColumn("closed_at", "bigint").execute();
  // Today's requests: waiting since they were opened unless staff have replied since.
  await sql`UPDATE complaints SET waiting_since = created_at
    WHERE NOT EXISTS (SELECT 1 FROM complaint_replies r WHERE r.complaint_id = complaints.id AND r.sender = 'staff')`.execute(db);
  await sql`UPDATE complaints SET waiting_since = (
      SELECT MIN(r.timestamp) FROM complaint_replies r WHERE r.complaint_id = complaints.id AND r.sender = 'user'
        AND r.timestamp > (SELECT MAX(s.timestamp) FROM complaint_replies s WHERE s.complaint_id = complaints.id AND s.sender = 'staff'))
    WHERE EXISTS (SELECT 1 FROM complaint_replies r WHERE r.complaint_id = complaints.id AND r.sender = 'staff')`.execute(db);
  await db.schema.createIndex("complaints_assignee").on("complaints").columns(["assignee_id", "status"]).execute();
  await db.schema.createIndex("complaints_waiting_since").on("complaints").column("waiting_since").execute();

  await db.schema
    .createTable("complaint_notes")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("complaint_id", "varchar(36)", (c) => c.notNull().references("complaints.id").onDelete("cascade"))
    .addColumn("author_id", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("complaint_notes_complaint").on("complaint_notes").columns(["complaint_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("complaint_notes").execute();
  for (const column of ["closed_at", "waiting_since", "priority", "assignee_id"])
    await db.schema.alterTable("complaints").dropColumn(column).execute();
}
