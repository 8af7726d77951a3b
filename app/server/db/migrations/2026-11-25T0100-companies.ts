import { sql, type Kysely } from "kysely";
import { PostgresAdapter } from "kysely";
import { randomUUID } from "node:crypto";

// Decision 0032: clients are companies. A client user belongs to one company; projects
// and support requests belong to the company, not to the member who happened to create them, so
// that member leaving takes nothing of the company's with them. Every existing client gets a
// company of their own here, named after their profile's company, else their name.
//
// projects.owner_id and complaints.owner_id were the client who created the row, NOT NULL and
// deleted with them. They become `created_by` (nullable, set null when that person goes); a
// project's `owner_id` is now the staff member who runs it. SQLite cannot drop NOT NULL or change a
// foreign key in place, so there the two tables are rebuilt (the documented 12-step procedure);
// PostgreSQL alters them.

interface ClientRow {
  id: string;
  name: string;
  createdAt: string | Date;
  fullName: string | null;
  company: string | null;
  country: string | null;
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("companies")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("website", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
    // Self-registered (the SPEC's journey) or made by staff in the console / from a won lead.
    .addColumn("origin", "varchar(16)", (c) => c.notNull().defaultTo("self"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    // Closed companies keep their data; their members cannot use the portal until reopened.
    .addColumn("closed_at", "bigint")
    .execute();

  await db.schema
    .alterTable("users")
    .addColumn("company_id", "varchar(36)", (c) => c.references("companies.id").onDelete("set null"))
    .execute();
  // A company's client admin may invite and remove teammates from the portal; staff switch it.
  await db.schema
    .alterTable("users")
    .addColumn("client_admin", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  // Shown as a member's "last sign-in" on the company page (sessions are deleted on sign-out).
  await db.schema.alterTable("users").addColumn("last_sign_in_at", "bigint").execute();
  await db.schema.createIndex("users_company_id").on("users").column("company_id").execute();

  // The lead a company came from ("Convert to client").
  await db.schema
    .alterTable("quotes")
    .addColumn("company_id", "varchar(36)", (c) => c.references("companies.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("client_invitations")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("company_id", "varchar(36)", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("client_admin", "boolean", (c) => c.notNull().defaultTo(false))
    // As for staff invitations: only a SHA-256 of the link's token is kept.
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    // A staff member's id, or a client admin's when invited from the portal.
    .addColumn("invited_by", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("accepted_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("client_invitations_company_id").on("client_invitations").column("company_id").execute();
  await db.schema.createIndex("client_invitations_email").on("client_invitations").column("email").execute();

  // Operator switches of the console's Settings page, one row per key.
  await db.schema
    .createTable("app_settings")
    .addColumn("key", "varchar(64)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "varchar(64)")
    .execute();

  if (isPostgres(db)) await alterPostgres(db);
  else await rebuildSqlite(db);

  await giveEveryClientACompany(db);
}

async function alterPostgres(db: Kysely<unknown>): Promise<void> {
  for (const table of ["projects", "complaints"]) {
    await sql`alter table ${sql.table(table)} rename column owner_id to created_by`.execute(db);
    await sql`alter table ${sql.table(table)} alter column created_by drop not null`.execute(db);
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_owner_id_fkey`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_created_by_fkey`)} foreign key (created_by) references users(id) on delete set null`.execute(
      db,
    );
    await sql`alter index ${sql.id(`${table}_owner_id`)} rename to ${sql.id(`${table}_created_by`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add column company_id varchar(36) references companies(id) on delete cascade`.execute(db);
  }
  await sql`alter table projects add column status varchar(16) not null default 'planned'`.execute(db);
  await sql`alter table projects add column start_date varchar(10)`.execute(db);
  await sql`alter table projects add column due_date varchar(10)`.execute(db);
  await sql`alter table projects add column owner_id varchar(64) references users(id) on delete set null`.execute(db);
  await sql`alter table projects add column archived_at bigint`.execute(db);
  await createIndexes(db);
}

async function rebuildSqlite(db: Kysely<unknown>): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction, so this pragma takes effect; without it,
  // dropping the old table would cascade-delete every progress row and reply.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql`create table projects_next (
        id varchar(36) primary key,
        company_id varchar(36) references companies(id) on delete cascade,
        created_by varchar(64) references users(id) on delete set null,
        owner_id varchar(64) references users(id) on delete set null,
        title text not null,
        description text not null,
        progress integer not null default 0 check (progress >= 0 and progress <= 100),
        status varchar(16) not null default 'planned',
        start_date varchar(10),
        due_date varchar(10),
        archived_at bigint,
        created_at bigint not null,
        updated_at bigint not null
      )`.execute(db);
      await sql`insert into projects_next (id, created_by, title, description, progress, created_at, updated_at)
        select id, owner_id, title, description, progress, created_at, updated_at from projects`.execute(db);
      await sql`drop table projects`.execute(db);
      await sql`alter table projects_next rename to projects`.execute(db);

      await sql`create table complaints_next (
        id varchar(36) primary key,
        company_id varchar(36) references companies(id) on delete cascade,
        created_by varchar(64) references users(id) on delete set null,
        subject text not null,
        message text not null,
        status varchar(32) not null default 'Pending',
        created_at bigint not null,
        updated_at bigint not null
      )`.execute(db);
      await sql`insert into complaints_next (id, created_by, subject, message, status, created_at, updated_at)
        select id, owner_id, subject, message, status, created_at, updated_at from complaints`.execute(db);
      await sql`drop table complaints`.execute(db);
      await sql`alter table complaints_next rename to complaints`.execute(db);
      await sql`create index projects_created_by on projects (created_by)`.execute(db);
      await sql`create index complaints_created_by on complaints (created_by)`.execute(db);
      await createIndexes(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`companies migration: ${broken.rows.length} foreign keys broken`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function createIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("projects_company_id").on("projects").column("company_id").execute();
  await db.schema.createIndex("projects_owner_id").on("projects").column("owner_id").execute();
  await db.schema.createIndex("complaints_company_id").on("complaints").column("company_id").execute();
}

/** Each existing client: a company of their own, with their projects and support requests. */
async function giveEveryClientACompany(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<ClientRow>`
    select u.id, u.name, u.created_at as "createdAt", p.full_name as "fullName", p.company, p.country
    from users u left join profiles p on p.user_id = u.id
    where u.role = 'client' and u.company_id is null`.execute(db);
  for (const client of rows) {
    const id = randomUUID();
    const name = client.company?.trim() || client.fullName?.trim() || client.name.trim() || "Client";
    const createdAt = new Date(client.createdAt).getTime() || Date.now();
    await sql`insert into companies (id, name, website, country, origin, created_at, updated_at)
      values (${id}, ${name}, '', ${client.country ?? ""}, 'self', ${createdAt}, ${createdAt})`.execute(db);
    // The only member of a company they made themselves: they speak for it.
    await sql`update users set company_id = ${id}, client_admin = true where id = ${client.id}`.execute(db);
    await sql`update projects set company_id = ${id} where created_by = ${client.id}`.execute(db);
    await sql`update complaints set company_id = ${id} where created_by = ${client.id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // Companies cannot be folded back into single owners without losing staff-made projects.
  throw new Error("The companies migration cannot be undone; restore a backup taken before it.");
}
