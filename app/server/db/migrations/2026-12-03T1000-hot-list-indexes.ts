import { sql, type Kysely } from "kysely";

// Indexes for the signed-in lists at five years of data (decision 0110), each proved used by
// tests/platform/hot-query-plans.test.ts on both databases.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A request's latest reply (the overview's "unanswered" count asks it of every open request) and
  // a page of requests' replies in order: one seek each, the sender read from the index.
  await db.schema
    .createIndex("complaint_replies_latest")
    .on("complaint_replies")
    .columns(["complaint_id", "timestamp", "id", "sender"])
    .execute();
  // The company page's leads (a won lead's company), newest first.
  await db.schema.createIndex("quotes_company").on("quotes").columns(["company_id", "submitted_at"]).execute();
  // GET /api/v1/leads pages in (submitted_at, id) order: a page is a range of this index.
  await db.schema.createIndex("quotes_submitted_id").on("quotes").columns(["submitted_at", "id"]).execute();
  // The console's invoice list, newest first: its first page without sorting every invoice.
  await db.schema.createIndex("invoices_created").on("invoices").columns(["created_at", "id"]).execute();
  // Partial indexes of the few rows still open among years of closed ones: the overview's overdue
  // milestones (in due order) and its unresolved requests. The queries name the status as a literal,
  // so both planners can tell the index holds every row they ask for.
  await db.schema.createIndex("milestones_open_due").on("milestones").column("due_date").where(sql.ref("status"), "<>", "done").execute();
  await db.schema
    .createIndex("complaints_open")
    .on("complaints")
    .columns(["company_id", "id"])
    .where(sql.ref("status"), "<>", "Resolved")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "complaints_open",
    "milestones_open_due",
    "invoices_created",
    "quotes_submitted_id",
    "quotes_company",
    "complaint_replies_latest",
  ])
    await db.schema.dropIndex(name).execute();
}
