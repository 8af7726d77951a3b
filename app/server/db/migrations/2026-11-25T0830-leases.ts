import type { Kysely } from "kysely";

// One row per job that must run on one instance at a time (the scheduled backup; the
// retention job can share it). Whoever holds an unexpired lease runs; a crashed holder's lease
// simply expires (db/leases.server.ts, decision 0047).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("leases")
    .addColumn("name", "varchar(100)", (c) => c.primaryKey())
    // "{host}-{pid}.{uuid}" of the process holding it.
    .addColumn("holder", "varchar(200)", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    // Epoch ms of the last scheduled occurrence run under this lease: one run per occurrence.
    .addColumn("last_slot", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("leases").execute();
}
