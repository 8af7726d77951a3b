import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { seedSiteContent } from "../site-seed.server";

// The public site's content as stored, versioned records (console → Site, decision "site
// content store"): an item per service, case study..., every saved draft a numbered version,
// the published one named by the item; a redirect per slug an item left behind. The content that
// app/content/*.ts held becomes version 1, published, in this same step, so an existing install
// and a new one show the same pages the moment the code reads from here.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_items")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("type", "varchar(40)", (c) => c.notNull())
    // Published values, copied from the published version: what public queries filter on.
    .addColumn("slug", "varchar(120)")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("visible", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("published_version_id", "varchar(36)")
    // The latest saved version's data (the draft), and the counter a save must match.
    .addColumn("draft_data", "text", (c) => c.notNull())
    .addColumn("lock_version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("origin", "varchar(10)", (c) => c.notNull().defaultTo("staff"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("site_items_type_order").on("site_items").columns(["type", "sort_order"]).execute();
  await db.schema.createIndex("site_items_type_slug").on("site_items").columns(["type", "slug"]).unique().execute();

  await db.schema
    .createTable("site_versions")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("item_id", "varchar(64)", (c) => c.notNull().references("site_items.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("restored_from", "integer")
    .addColumn("created_by", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("published_at", "bigint")
    .execute();
  await db.schema.createIndex("site_versions_item_number").on("site_versions").columns(["item_id", "number"]).unique().execute();

  await db.schema
    .createTable("site_redirects")
    // "services/old-slug": the type and the slug the item no longer answers to.
    .addColumn("from_key", "varchar(200)", (c) => c.primaryKey())
    .addColumn("item_id", "varchar(64)", (c) => c.notNull().references("site_items.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  // The migrator's handle is the app's (with its camel-case mapping): the seed writes through it.
  await seedSiteContent(db as unknown as Kysely<Database>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("site_redirects").execute();
  await db.schema.dropTable("site_versions").execute();
  await db.schema.dropTable("site_items").execute();
}
