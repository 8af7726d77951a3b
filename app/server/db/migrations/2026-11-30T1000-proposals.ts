import type { Kysely } from "kysely";

// Proposals (decision 0093): a working copy staff edit, frozen versions the client sees (the
// latest), single-use links for a lead without an account, who viewed it, and the signatures
// with the exact document each accepted. Actor columns carry no foreign key, as in audit_log.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("proposals")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    // For a lead (before it is a client) or a company; acceptance fills company_id for a lead.
    .addColumn("lead_id", "varchar(36)", (c) => c.references("quotes.id").onDelete("cascade"))
    .addColumn("company_id", "varchar(36)", (c) => c.references("companies.id").onDelete("cascade"))
    // The client company's name (a new company's, for a lead) and who receives and signs it.
    .addColumn("client_name", "varchar(200)", (c) => c.notNull())
    .addColumn("client_email", "varchar(255)", (c) => c.notNull())
    .addColumn("owner_id", "varchar(255)")
    // draft | sent | viewed | accepted | declined (expired is read from the latest version's date)
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("draft"))
    // JSON ProposalContent (lib/proposals.ts): what staff edit; sending freezes a copy as a version.
    .addColumn("draft", "text", (c) => c.notNull())
    .addColumn("sent_version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("countersign", "integer", (c) => c.notNull().defaultTo(0))
    // The row's edit version: a save names the one it read (optimistic concurrency).
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sent_at", "bigint")
    .addColumn("first_viewed_at", "bigint")
    .addColumn("accepted_at", "bigint")
    .addColumn("declined_at", "bigint")
    .addColumn("decline_reason", "text")
    // What acceptance started.
    .addColumn("project_id", "varchar(36)")
    .addColumn("invoice_id", "varchar(36)")
    // The signed PDF (with its certificate page), filed once after acceptance.
    .addColumn("signed_pdf_key", "varchar(255)")
    .addColumn("signed_pdf_sha256", "varchar(64)")
    .addColumn("created_by", "varchar(255)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("proposals_status").on("proposals").columns(["status", "updated_at"]).execute();
  await db.schema.createIndex("proposals_lead").on("proposals").column("lead_id").execute();
  await db.schema.createIndex("proposals_company").on("proposals").column("company_id").execute();

  await db.schema
    .createTable("proposal_versions")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("proposal_id", "varchar(36)", (c) => c.notNull().references("proposals.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("content_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("sent_by", "varchar(255)")
    .addColumn("sent_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("proposal_versions_number", ["proposal_id", "number"])
    .execute();

  await db.schema
    .createTable("proposal_templates")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_by", "varchar(255)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  // A lead's way in: the SHA-256 of a random token is stored, never the token.
  await db.schema
    .createTable("proposal_links")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("proposal_id", "varchar(36)", (c) => c.notNull().references("proposals.id").onDelete("cascade"))
    .addColumn("email", "varchar(255)", (c) => c.notNull())
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("opened_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("proposal_links_proposal").on("proposal_links").column("proposal_id").execute();

  // "Viewed" once per person: an account (user:<id>) or a link's address (link:<email>).
  await db.schema
    .createTable("proposal_views")
    .addColumn("proposal_id", "varchar(36)", (c) => c.notNull().references("proposals.id").onDelete("cascade"))
    .addColumn("viewer", "varchar(320)", (c) => c.notNull())
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("version_number", "integer", (c) => c.notNull())
    .addColumn("viewed_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("proposal_views_pk", ["proposal_id", "viewer"])
    .execute();

  // One client signature per proposal (and one staff countersignature when asked for).
  await db.schema
    .createTable("proposal_signatures")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("proposal_id", "varchar(36)", (c) => c.notNull().references("proposals.id").onDelete("cascade"))
    // client | staff
    .addColumn("role", "varchar(16)", (c) => c.notNull())
    .addColumn("version_number", "integer", (c) => c.notNull())
    .addColumn("signer_name", "varchar(200)", (c) => c.notNull())
    .addColumn("signer_email", "varchar(255)", (c) => c.notNull())
    .addColumn("user_id", "varchar(255)")
    .addColumn("link_id", "varchar(36)")
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    // The canonical accepted document (lib/proposals.ts canonicalDocument) and its SHA-256.
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("document_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("optional_ids", "text", (c) => c.notNull())
    .addColumn("total", "bigint", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    // Drawn with signature_pad, as SVG path data; typed name alone when null.
    .addColumn("drawn_signature", "text")
    .addColumn("signed_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("proposal_signatures_role", ["proposal_id", "role"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["proposal_signatures", "proposal_views", "proposal_links", "proposal_templates", "proposal_versions", "proposals"])
    await db.schema.dropTable(table).execute();
}
