import { sql, type Kysely } from "kysely";

// Decision 0036: the project workspace. Milestones, approvals, shared files with
// versions, attachments on support requests, one activity timeline per project, and "seen" markers
// for the portal's "Waiting on you". Every row hangs off a project or a support request and goes
// with it (cascade); people who leave are kept as a name (set null on the id).

export async function up(db: Kysely<unknown>): Promise<void> {
  // Progress follows the milestones' share of Done ("milestones") or stays as staff set it ("manual").
  await db.schema
    .alterTable("projects")
    .addColumn("progress_mode", "varchar(16)", (c) => c.notNull().defaultTo("manual"))
    .execute();
  // Whether the company's members may upload briefs and assets to the project's Files tab.
  await db.schema
    .alterTable("projects")
    .addColumn("client_uploads", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable("milestones")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("project_id", "varchar(36)", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("due_date", "varchar(10)") // YYYY-MM-DD
    // planned | in_progress | waiting (for client) | done
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("planned"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("completed_at", "bigint")
    .execute();
  await db.schema.createIndex("milestones_project_id").on("milestones").columns(["project_id", "position"]).execute();

  // One row per request for sign-off. A decision is final; asking again makes a new row.
  await db.schema
    .createTable("approvals")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("project_id", "varchar(36)", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("subject_type", "varchar(16)", (c) => c.notNull()) // milestone | file
    .addColumn("subject_id", "varchar(36)", (c) => c.notNull())
    .addColumn("requested_by", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("requested_by_name", "text", (c) => c.notNull())
    .addColumn("requested_at", "bigint", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    // pending | approved | changes_requested | withdrawn
    .addColumn("status", "varchar(24)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("decided_by", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_by_name", "text")
    .addColumn("decided_at", "bigint")
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("approvals_project_id").on("approvals").columns(["project_id", "requested_at"]).execute();
  await db.schema.createIndex("approvals_subject").on("approvals").columns(["subject_type", "subject_id"]).execute();
  // At most one open request per subject, whatever two staff members click at once.
  await db.schema
    .createIndex("approvals_one_pending")
    .on("approvals")
    .columns(["subject_type", "subject_id"])
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();

  // A file is a name within a project; uploading that name again adds a version.
  await db.schema
    .createTable("project_files")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("project_id", "varchar(36)", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull()) // sanitised, as shown
    .addColumn("name_key", "text", (c) => c.notNull()) // lower-cased name: "same name" ignores case
    // Who brought the file: "staff" (a deliverable) or "client" (a brief or asset).
    .addColumn("side", "varchar(8)", (c) => c.notNull())
    .addColumn("created_by", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("current_version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("project_files_name").on("project_files").columns(["project_id", "name_key"]).unique().execute();

  await db.schema
    .createTable("file_versions")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("file_id", "varchar(36)", (c) => c.notNull().references("project_files.id").onDelete("cascade"))
    .addColumn("project_id", "varchar(36)", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull()) // pdf | png | jpeg | webp | gif | svg | txt | csv | docx | xlsx | pptx | doc | xls | ppt | zip
    .addColumn("sha256", "varchar(64)", (c) => c.notNull()) // the ETag
    .addColumn("thumbnail_key", "text")
    .addColumn("uploaded_by", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("uploaded_by_name", "text", (c) => c.notNull())
    .addColumn("side", "varchar(8)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("file_versions_file").on("file_versions").columns(["file_id", "version"]).unique().execute();
  await db.schema.createIndex("file_versions_project").on("file_versions").columns(["project_id", "created_at"]).execute();

  // Files on a support request or one of its replies.
  await db.schema
    .createTable("attachments")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("complaint_id", "varchar(36)", (c) => c.notNull().references("complaints.id").onDelete("cascade"))
    .addColumn("reply_id", "varchar(36)", (c) => c.references("complaint_replies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("thumbnail_key", "text")
    .addColumn("uploaded_by", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("uploaded_by_name", "text", (c) => c.notNull())
    .addColumn("side", "varchar(8)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("attachments_complaint").on("attachments").columns(["complaint_id", "created_at"]).execute();

  // The project's timeline: one row per thing that happened, written with the change itself.
  await db.schema
    .createTable("project_activity")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("project_id", "varchar(36)", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("at", "bigint", (c) => c.notNull())
    // No foreign key, as in audit_log: the entry outlives the person and keeps their name.
    .addColumn("actor_id", "varchar(64)")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("actor_side", "varchar(8)", (c) => c.notNull()) // staff | client | system
    .addColumn("kind", "varchar(48)", (c) => c.notNull()) // app/lib/project-activity.ts
    .addColumn("subject_type", "varchar(16)") // milestone | approval | file | progress | project
    .addColumn("subject_id", "varchar(36)")
    .addColumn("summary", "text", (c) => c.notNull()) // one plain sentence, shown as is
    .execute();
  await db.schema.createIndex("project_activity_project").on("project_activity").columns(["project_id", "at"]).execute();

  // When a person last saw something: "portal" (their last visit's start) or "complaint:{id}".
  await db.schema
    .createTable("seen_markers")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("subject", "varchar(80)", (c) => c.notNull())
    .addColumn("seen_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("seen_markers_pk", ["user_id", "subject"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["seen_markers", "project_activity", "attachments", "file_versions", "project_files", "approvals", "milestones"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable("projects").dropColumn("client_uploads").execute();
  await db.schema.alterTable("projects").dropColumn("progress_mode").execute();
}
