// `npm run bench:seed -- --database-url=file:/tmp/agency.sqlite` (or a postgres:// URL): fills a
// database with "an agency after five years" for `npm run bench -- --only=screens` and for looking
// at the app by hand: 500 companies with 1,500 members, 20,000 leads, 5,000 applications, 3,000
// projects with milestones, files (rows only: no bytes are stored, so a download answers "not
// found"), activity and approvals, 10,000 support requests holding 50,000 messages, 6,000
// invoices, 1,000,000 notifications, and the accounts the bench signs in as. Migrates first; refuses
// a database that already has leads. Deterministic for a given --now (default: today 00:00 UTC),
// ids included. The last line on stdout is JSON: the accounts, the API token and the ids to visit.
import { randomBytes } from "node:crypto";
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import { formatInvoiceNumber, numberSeries } from "../app/lib/billing-settings";

const { values: args } = parseArgs({
  options: { "database-url": { type: "string" }, now: { type: "string" } },
});
const databaseUrl = args["database-url"] ?? process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("usage: npm run bench:seed -- --database-url=<file:PATH | postgres://…> [--now=2026-12-01]");
  process.exit(2);
}
const dialect = databaseUrl.startsWith("postgres") ? "postgres" : "sqlite";
Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  DEMO_CONTENT: "off",
  SMTP_URL: "",
  REDIS_URL: "",
});
process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");

/** What the bench signs in with (the password is the same for both accounts). */
const SEED_PASSWORD = "correct-horse-battery-staple-five-years";
const SEED_CLIENT_EMAIL = "client@five-years.example";

const DAY = 86_400_000;
const NOW = args.now ? Date.parse(args.now) : Math.floor(Date.now() / DAY) * DAY;
const SPAN = 5 * 365 * DAY;
const START = NOW - SPAN;

const SIZES = {
  companies: 500,
  membersPerCompany: 3,
  staff: 12,
  leads: 20_000,
  openings: 40,
  applications: 5_000,
  projects: 3_000,
  milestonesPerProject: 5,
  filesPerProject: 8,
  activityPerProject: 10,
  requests: 10_000,
  replies: 40_000,
  invoices: 6_000,
  notifications: 1_000_000,
  auditEntries: 30_000,
};
/** The bench client's company: a long-standing client with more of everything than most. */
const CLIENT = { projects: 12, files: 60, milestones: 12, requests: 40, repliesPerRequest: 6, invoices: 30, notifications: 20_000 };
const ADMIN_NOTIFICATIONS = 50_000;

// A fixed generator (mulberry32): the same rows on every run.
let state = 20_261_203;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
/** A UUID-shaped id that says which table it belongs to (hex tag) and its number. */
const uuid = (tag: string, n: number) => `${tag.padEnd(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);
const iso = (at: number) => new Date(at).toISOString();
/** A time `share` (0–1) of the way from `from` to now: what happens in a project spreads over its life so far. */
const between = (from: number, share: number) => from + Math.floor(share * (NOW - from));
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

const WORDS = (
  "app login page error invoice payment order update screen email account report server upload file mobile android " +
  "iphone button data sync export import dashboard user customer delivery booking calendar notification chart search " +
  "release staging production backup design review launch copy layout brand api integration checkout cart shipping"
).split(" ");
const words = (min: number, max: number) => Array.from({ length: min + int(max - min + 1) }, () => pick(WORDS)).join(" ");
const sentence = (min: number, max: number) => {
  const text = words(min, max);
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
};
const FIRST = "Asha Ben Chen Dara Eli Farah Goran Hana Ivan Jun Kofi Lena Mateo Nia Omar Priya Quinn Rosa Sami Tara".split(" ");
const LAST = "Ahmed Berg Costa Diaz Evans Fischer Gupta Hansen Ito Jensen Kim Lopez Mehta Novak Okafor Park Rossi Silva Tan Weber".split(
  " ",
);
const COUNTRIES = ["India", "Germany", "United States", "United Kingdom", "Brazil", "Japan", "Kenya", "Australia"];
const person = () => `${pick(FIRST)} ${pick(LAST)}`;

interface Writer {
  insert(table: string, columns: string[], rows: Iterable<unknown[]>): Promise<number>;
  finish(): Promise<void>;
}

/** One transaction, one prepared statement per table; foreign keys checked at the commit. */
async function sqliteWriter(file: string): Promise<Writer> {
  const { default: SQLite } = await import("better-sqlite3");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("cache_size = -200000");
  sqlite.exec("begin");
  // Children may go in before their parents: the search triggers then build a request's (or a
  // company's) document once, when the parent arrives with its replies (members) already there.
  sqlite.pragma("defer_foreign_keys = on");
  const bind = (v: unknown) => (typeof v === "boolean" ? (v ? 1 : 0) : v);
  return {
    async insert(table, columns, rows) {
      const statement = sqlite.prepare(`insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`);
      let n = 0;
      for (const row of rows) {
        statement.run(row.map(bind));
        n++;
      }
      return n;
    },
    async finish() {
      sqlite.exec("commit");
      sqlite.exec("analyze");
      sqlite.pragma("wal_checkpoint(TRUNCATE)");
      sqlite.close();
    },
  };
}

/** One transaction; rows go in 10,000 at a time as one `insert … select from unnest(arrays)`. */
async function postgresWriter(url: string): Promise<Writer> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("begin");
  await client.query("set local synchronous_commit = off");
  const types = async (table: string) => {
    const { rows } = await client.query<{ name: string; type: string }>(
      `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
       where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped`,
      [table],
    );
    return new Map(rows.map((r) => [r.name, r.type]));
  };
  const BATCH = 10_000;
  return {
    async insert(table, columns, rows) {
      const typeOf = await types(table);
      const casts = columns.map((c, i) => {
        const type = typeOf.get(c);
        if (!type) throw new Error(`${table}.${c}: no such column`);
        return `$${i + 1}::${type}[]`;
      });
      const text = `insert into ${table} (${columns.join(", ")}) select * from unnest(${casts.join(", ")})`;
      let batch: unknown[][] = [];
      let n = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await client.query(
          text,
          columns.map((_, i) => batch.map((row) => row[i])),
        );
        n += batch.length;
        batch = [];
      };
      for (const row of rows) {
        batch.push(row);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      return n;
    },
    async finish() {
      await client.query("commit");
      await client.query("analyze");
      await client.end();
    },
  };
}

interface World {
  staffIds: string[];
  adminId: string;
  clientId: string;
  companyIds: string[];
  /** Client members per company (index), the bench client first in company 0. */
  members: string[][];
  projects: { id: string; company: number; createdAt: number; milestones: string[]; files: string[] }[];
  requests: { id: string; company: number }[];
  invoices: { id: string; company: number }[];
  /** Texts the bench expects on its pages (that the page shows the seeded rows). */
  expect: { request: string; file: string; company: string; invoice: string };
}

/** The accounts, made by the app's own code: the first staff account (an admin), a client, a token. */
async function accounts() {
  const { db, closeDb, migrateToLatest, currentDialect } = await import("../app/server/db/db.server");
  const { auth } = await import("../app/server/auth/auth.server");
  const { addStaff } = await import("../app/server/models/accounts/staff.server");
  const { loadCompanyDomain } = await import("../app/server/brand/company-domain.server");
  const { createApiToken } = await import("../app/server/models/api/api-tokens.server");
  await migrateToLatest();
  const existing = await db().selectFrom("quotes").select("id").limit(1).executeTakeFirst();
  if (existing) throw new Error("this database already has leads: seed an empty (or just migrated) one");
  const domain = await loadCompanyDomain();
  const adminEmail = `bench-admin@${domain}`;
  const admin = await addStaff(null, adminEmail, SEED_PASSWORD, "Bench Admin", "admin");
  const { response } = await (
    await auth()
  ).api.signUpEmail({ body: { email: SEED_CLIENT_EMAIL, password: SEED_PASSWORD, name: "Bench Client" }, returnHeaders: true });
  const verified = currentDialect() === "sqlite" ? 1 : true;
  await db().updateTable("users").set({ emailVerified: verified }).where("id", "=", response.user.id).execute();
  await db().deleteFrom("sessions").execute();
  await db().deleteFrom("mailOutbox").execute();
  const actor = { id: admin.id, email: admin.email, name: admin.name };
  const { token } = await createApiToken(actor, { name: "Bench", scopes: ["leads:read"], lifetimeDays: 365 }, NOW);
  await closeDb();
  return { domain, adminId: admin.id, adminEmail, clientId: response.user.id, token };
}

async function seed(writer: Writer, { domain, adminId, clientId }: { domain: string; adminId: string; clientId: string }) {
  const counts: Record<string, number> = {};
  const put = async (table: string, columns: string[], rows: Iterable<unknown[]>) => {
    counts[table] = (counts[table] ?? 0) + (await writer.insert(table, columns, rows));
  };
  const world: World = {
    staffIds: [adminId],
    adminId,
    clientId,
    companyIds: [],
    members: [],
    projects: [],
    requests: [],
    invoices: [],
    expect: { request: "", file: "", company: "Five Years Client Ltd", invoice: "" },
  };
  const STAFF_ROLES = [
    "admin",
    "sales",
    "delivery",
    "delivery",
    "finance",
    "recruiter",
    "sales",
    "delivery",
    "admin",
    "delivery",
    "finance",
  ];

  // Staff (no passwords: nobody signs in as them) and the client members, before their companies.
  const userColumns = [
    "id",
    "name",
    "email",
    "email_verified",
    "role",
    "staff_role",
    "company_id",
    "client_admin",
    "created_at",
    "updated_at",
  ];
  const staffRows: unknown[][] = [];
  for (let i = 1; i < SIZES.staff; i++) {
    const id = uuid("5af", i);
    world.staffIds.push(id);
    const at = iso(START + int(SPAN));
    staffRows.push([id, person(), `staff${i}@${domain}`, true, "employee", STAFF_ROLES[i - 1], null, false, at, at]);
  }
  await put("users", userColumns, staffRows);
  for (let c = 0; c < SIZES.companies; c++) world.companyIds.push(uuid("c0", c));
  const companyCreated = world.companyIds.map((_, c) => START + Math.floor((c / SIZES.companies) * SPAN * 0.9));
  const memberRows = [
    ...(function* () {
      let n = 0;
      for (let c = 0; c < SIZES.companies; c++) {
        const ids: string[] = c === 0 ? [clientId] : [];
        for (let m = 0; m < SIZES.membersPerCompany; m++) {
          const id = uuid("ce", n++);
          ids.push(id);
          const at = iso(companyCreated[c]! + int(30) * DAY);
          yield [id, person(), `member${n}@company${c}.example`, true, "client", null, world.companyIds[c], m === 0, at, at];
        }
        world.members.push(ids);
      }
    })(),
  ];
  const companyRows = world.companyIds.map((id, c) => [
    id,
    c === 0
      ? "Five Years Client Ltd"
      : `${pick(LAST)} ${pick(["Labs", "Retail", "Health", "Logistics", "Studio", "Foods", "Finance"])} ${c}`,
    `https://company${c}.example`,
    pick(COUNTRIES),
    "staff",
    "given",
    companyCreated[c],
    companyCreated[c],
    1,
  ]);
  const companyColumns = ["id", "name", "website", "country", "origin", "name_origin", "created_at", "updated_at", "mail_decisions"];
  // SQLite: members first (see the writer); PostgreSQL checks each foreign key at once.
  if (dialect === "sqlite") {
    await put("users", userColumns, memberRows);
    await put("companies", companyColumns, companyRows);
  } else {
    await put("companies", companyColumns, companyRows);
    await put("users", userColumns, memberRows);
  }
  await put(
    "company_team",
    ["company_id", "user_id", "manager", "added_at"],
    world.companyIds.map((id, c) => [id, world.staffIds[1 + (c % (SIZES.staff - 1))], 1, companyCreated[c]]),
  );

  // Leads: every company came from one (won); the rest spread over the five years.
  await put(
    "quotes",
    ["id", "name", "email", "phone", "country", "requirement", "submitted_at", "status", "company_id", "status_changed_at"],
    (function* () {
      for (let i = 0; i < SIZES.leads; i++) {
        const won = i < SIZES.companies;
        const at = won ? companyCreated[i]! - 7 * DAY : START + Math.floor((i / SIZES.leads) * SPAN) + int(DAY);
        const status = won
          ? "won"
          : at > NOW - 30 * DAY
            ? pick(["new", "new", "contacted"])
            : pick(["contacted", "proposal", "lost", "lost", "won"]);
        yield [
          uuid("1ead", i),
          person(),
          `lead${i}@example.com`,
          `+1 555 ${String(i).padStart(7, "0")}`,
          pick(COUNTRIES),
          sentence(12, 40),
          at,
          status,
          won ? world.companyIds[i] : null,
          status === "new" ? null : at + int(20) * DAY,
        ];
      }
    })(),
  );

  // Openings and applications (no resume files).
  const openings = Array.from({ length: SIZES.openings }, (_, i) => uuid("0be", i));
  await put(
    "job_openings",
    ["id", "title", "location", "type", "description", "salary", "requirements", "status", "created_at", "updated_at"],
    openings.map((id, i) => {
      const at = START + Math.floor((i / SIZES.openings) * SPAN);
      return [
        id,
        `${pick(["Senior", "Junior", "Lead"])} ${pick(["Engineer", "Designer", "Tester", "Manager"])} ${i}`,
        "Remote",
        "Full-time",
        sentence(20, 60),
        "",
        '["Two years of experience"]',
        i >= SIZES.openings - 10 ? "open" : "closed",
        at,
        at,
      ];
    }),
  );
  await put(
    "job_applications",
    ["id", "name", "email", "message", "job_id", "submitted_at", "stage", "stage_changed_at"],
    (function* () {
      for (let i = 0; i < SIZES.applications; i++) {
        const opening = Math.min(SIZES.openings - 1, Math.floor((i / SIZES.applications) * SIZES.openings) + int(2));
        const at = START + Math.floor((i / SIZES.applications) * SPAN);
        const stage = at > NOW - 30 * DAY ? "new" : pick(["reviewing", "rejected", "rejected", "interview", "hired", "withdrawn"]);
        yield [
          uuid("a99", i),
          person(),
          `applicant${i}@example.com`,
          sentence(10, 40),
          openings[opening],
          at,
          stage,
          stage === "new" ? null : at + 5 * DAY,
        ];
      }
    })(),
  );

  // Projects: the bench client's company has 12, the others share the rest.
  const projectCompany: number[] = [];
  for (let p = 0; p < SIZES.projects; p++)
    projectCompany.push(p < CLIENT.projects ? 0 : 1 + ((p - CLIENT.projects) % (SIZES.companies - 1)));
  for (let p = 0; p < SIZES.projects; p++) {
    const company = projectCompany[p]!;
    const createdAt = Math.min(NOW - DAY, companyCreated[company]! + int(Math.max(1, NOW - companyCreated[company]!)));
    world.projects.push({ id: uuid("9a0", p), company, createdAt, milestones: [], files: [] });
  }
  await put(
    "projects",
    [
      "id",
      "company_id",
      "created_by",
      "owner_id",
      "title",
      "description",
      "progress",
      "status",
      "start_date",
      "due_date",
      "archived_at",
      "progress_mode",
      "client_uploads",
      "created_at",
      "updated_at",
    ],
    world.projects.map((p, i) => {
      const recent = p.createdAt > NOW - 180 * DAY;
      const status = i === 0 ? "in_progress" : recent ? pick(["planned", "in_progress", "in_progress", "on_hold"]) : "done";
      return [
        p.id,
        world.companyIds[p.company],
        null,
        world.staffIds[1 + (i % (SIZES.staff - 1))],
        i === 0 ? "Bench flagship app" : `${pick(["Web shop", "Booking app", "Intranet", "Data platform", "Mobile app"])} ${i}`,
        sentence(15, 50),
        status === "done" ? 100 : int(90),
        status,
        day(p.createdAt),
        day(p.createdAt + (60 + int(200)) * DAY),
        status === "done" && random() < 0.3 ? p.createdAt + 300 * DAY : null,
        "manual",
        true,
        p.createdAt,
        p.createdAt + int(30) * DAY,
      ];
    }),
  );
  await put(
    "milestones",
    ["id", "project_id", "title", "description", "due_date", "status", "position", "created_at", "updated_at", "completed_at"],
    (function* () {
      let n = 0;
      for (const [i, p] of world.projects.entries()) {
        const count = i === 0 ? CLIENT.milestones : SIZES.milestonesPerProject;
        for (let m = 0; m < count; m++) {
          const id = uuid("3e1", n++);
          p.milestones.push(id);
          const due = p.createdAt + (m + 1) * 21 * DAY;
          const done = due < NOW - 7 * DAY;
          yield [
            id,
            p.id,
            `Milestone ${m + 1}: ${words(2, 4)}`,
            sentence(5, 20),
            day(due),
            done ? "done" : m % 3 === 0 ? "waiting" : "planned",
            m,
            p.createdAt,
            p.createdAt,
            done ? due : null,
          ];
        }
      }
    })(),
  );
  const fileRows: unknown[][] = [];
  const versionRows: unknown[][] = [];
  let versionN = 0;
  for (const [i, p] of world.projects.entries()) {
    const count = i === 0 ? CLIENT.files : SIZES.filesPerProject;
    const members = world.members[p.company]!;
    for (let f = 0; f < count; f++) {
      const id = uuid("f11e", fileRows.length);
      p.files.push(id);
      const name = `${words(1, 3).replaceAll(" ", "-")}-${f}.pdf`;
      // The most recently changed file: the first row of the tab's first page.
      if (i === 0 && f === count - 1) world.expect.file = name;
      const side = f % 3 === 0 ? "client" : "staff";
      const by = side === "client" ? members[f % members.length]! : world.staffIds[1 + (f % (SIZES.staff - 1))]!;
      const versions = 1 + int(3);
      const createdAt = between(p.createdAt, ((f + 0.5) / count) * 0.95);
      for (let v = 1; v <= versions; v++) {
        const vid = uuid("f1e5", versionN++);
        versionRows.push([
          vid,
          id,
          p.id,
          v,
          `seed/files/${vid}`,
          20_000 + int(2_000_000),
          "application/pdf",
          "pdf",
          sha(vid),
          null,
          by,
          side === "client" ? "A member" : "Our team",
          side,
          createdAt + v * 60_000,
        ]);
      }
      fileRows.push([id, p.id, name, name.toLowerCase(), side, by, createdAt, createdAt + versions * 60_000, versions]);
    }
  }
  await put(
    "project_files",
    ["id", "project_id", "name", "name_key", "side", "created_by", "created_at", "updated_at", "current_version"],
    fileRows,
  );
  await put(
    "file_versions",
    [
      "id",
      "file_id",
      "project_id",
      "version",
      "storage_key",
      "size",
      "content_type",
      "kind",
      "sha256",
      "thumbnail_key",
      "uploaded_by",
      "uploaded_by_name",
      "side",
      "created_at",
    ],
    versionRows,
  );
  // Approvals: the last milestone of every third project decided, the bench project's last two pending.
  await put(
    "approvals",
    [
      "id",
      "project_id",
      "subject_type",
      "subject_id",
      "requested_by",
      "requested_by_name",
      "requested_at",
      "note",
      "status",
      "decided_by",
      "decided_by_name",
      "decided_at",
      "comment",
    ],
    (function* () {
      let n = 0;
      for (const [i, p] of world.projects.entries()) {
        if (i !== 0 && i % 3 !== 0) continue;
        const subjects =
          i === 0 ? [...p.milestones.slice(-2).map((m) => ["milestone", m]), ["file", p.files[1]!]] : [["milestone", p.milestones.at(-1)!]];
        for (const [type, subject] of subjects) {
          const pending = i === 0;
          const at = between(p.createdAt, 0.5);
          const decider = world.members[p.company]![0]!;
          yield [
            uuid("a990", n++),
            p.id,
            type,
            subject,
            world.staffIds[1],
            "Our team",
            at,
            "Please review.",
            pending ? "pending" : "approved",
            pending ? null : decider,
            pending ? null : "A member",
            pending ? null : between(at, 0.5),
            "",
          ];
        }
      }
    })(),
  );
  await put(
    "project_activity",
    ["id", "project_id", "at", "actor_id", "actor_name", "actor_side", "kind", "subject_type", "subject_id", "summary"],
    (function* () {
      let n = 0;
      for (const p of world.projects) {
        for (let a = 0; a < SIZES.activityPerProject; a++) {
          const milestone = p.milestones[a % p.milestones.length]!;
          yield [
            uuid("ac7", n++),
            p.id,
            between(p.createdAt, ((a + 0.5) / SIZES.activityPerProject) * 0.95),
            world.staffIds[1],
            "Our team",
            "staff",
            "milestone.status",
            "milestone",
            milestone,
            `Milestone moved on: ${words(2, 5)}`,
          ];
        }
      }
    })(),
  );

  // Support: replies first (see the writer), then their requests.
  const requestCompany: number[] = [];
  for (let r = 0; r < SIZES.requests; r++) requestCompany.push(r < CLIENT.requests ? 0 : 1 + (r % (SIZES.companies - 1)));
  const requestCreated = requestCompany.map((c, r) =>
    r < CLIENT.requests ? NOW - (CLIENT.requests - r) * 9 * DAY : companyCreated[c]! + int(Math.max(1, NOW - companyCreated[c]!)),
  );
  const lastSender: string[] = [];
  const replyColumns = ["id", "complaint_id", "sender", "sender_id", "sender_name", "text", "timestamp", "channel"];
  const replyRows = [
    ...(function* () {
      let n = 0;
      const rest = SIZES.replies - CLIENT.requests * CLIENT.repliesPerRequest;
      for (let r = 0; r < SIZES.requests; r++) {
        const count =
          r < CLIENT.requests
            ? CLIENT.repliesPerRequest
            : Math.floor(((r + 1) * rest) / (SIZES.requests - CLIENT.requests)) -
              Math.floor((r * rest) / (SIZES.requests - CLIENT.requests));
        const members = world.members[requestCompany[r]!]!;
        let sender = "staff";
        for (let k = 0; k < count; k++) {
          sender = k % 2 === 0 ? "staff" : "user";
          const by = sender === "staff" ? world.staffIds[1 + (r % (SIZES.staff - 1))]! : members[k % members.length]!;
          yield [
            uuid("4e91", n++),
            uuid("c1a", r),
            sender,
            by,
            sender === "staff" ? "Our team" : "A member",
            sentence(8, 40),
            requestCreated[r]! + (k + 1) * 3600_000,
            "portal",
          ];
        }
        lastSender.push(count === 0 ? "user" : sender);
      }
    })(),
  ];
  const requestRows = requestCompany.map((c, r) => {
    const recent = requestCreated[r]! > NOW - 60 * DAY;
    const status = recent && r % 4 !== 0 ? "Pending" : r % 7 === 0 ? "Closed" : "Resolved";
    const id = uuid("c1a", r);
    world.requests.push({ id, company: c });
    const subject = `${pick(["Problem with", "Question about", "Change to", "Error on"])} ${words(2, 5)}`;
    // The client's newest request: the first row of the Support panel's first page (newest first).
    if (r === CLIENT.requests - 1) world.expect.request = subject;
    return [
      id,
      world.companyIds[c],
      world.members[c]![r % world.members[c]!.length],
      subject,
      sentence(15, 60),
      status,
      requestCreated[r],
      requestCreated[r]! + DAY,
      status === "Pending" ? world.staffIds[1 + (r % (SIZES.staff - 1))] : null,
      pick(["low", "normal", "normal", "high", "urgent"]),
      // The client's oldest unanswered message: theirs is the last word on an open request.
      status === "Pending" && lastSender[r] === "user" ? requestCreated[r]! + DAY : null,
      status === "Closed" ? requestCreated[r]! + 2 * DAY : null,
      "portal",
    ];
  });
  const requestColumns = [
    "id",
    "company_id",
    "created_by",
    "subject",
    "message",
    "status",
    "created_at",
    "updated_at",
    "assignee_id",
    "priority",
    "waiting_since",
    "closed_at",
    "channel",
  ];
  if (dialect === "sqlite") {
    await put("complaint_replies", replyColumns, replyRows);
    await put("complaints", requestColumns, requestRows);
  } else {
    await put("complaints", requestColumns, requestRows);
    await put("complaint_replies", replyColumns, replyRows);
  }

  // Invoices: issued over the years, most paid; the newest ones open, a few overdue.
  const invoiceCompany: number[] = [];
  for (let i = 0; i < SIZES.invoices; i++) invoiceCompany.push(i < CLIENT.invoices ? 0 : 1 + (i % (SIZES.companies - 1)));
  const invoiceRows: unknown[][] = [];
  const lineRows: unknown[][] = [];
  const paymentRows: unknown[][] = [];
  const counters = new Map<string, number>();
  const ordered = invoiceCompany
    .map((c, i) => ({
      c,
      i,
      at:
        i < CLIENT.invoices
          ? NOW - (CLIENT.invoices - i) * 30 * DAY
          : Math.max(companyCreated[c]!, START) + int(Math.max(1, NOW - companyCreated[c]! - DAY)),
    }))
    .sort((a, b) => a.at - b.at);
  for (const { c, i, at } of ordered) {
    const id = uuid("1a0", i);
    world.invoices.push({ id, company: c });
    const draft = at > NOW - 10 * DAY && i % 2 === 0;
    const issueDate = day(at);
    let number: string | null = null;
    if (!draft) {
      const series = numberSeries("invoice", "INV-{YYYY}-{0001}", issueDate);
      const value = (counters.get(series) ?? 0) + 1;
      counters.set(series, value);
      number = formatInvoiceNumber("INV-{YYYY}-{0001}", issueDate, value);
      world.expect.invoice = number;
    }
    let subtotal = 0;
    let taxTotal = 0;
    const lines = 1 + int(4);
    for (let l = 0; l < lines; l++) {
      const quantityMilli = (1 + int(20)) * 1000;
      const unitPrice = (50 + int(400)) * 100;
      const net = (quantityMilli * unitPrice) / 1000;
      const tax = Math.round(net * 0.18);
      subtotal += net;
      taxTotal += tax;
      lineRows.push([
        uuid("11e", lineRows.length),
        id,
        l,
        `${words(2, 5)} (hours)`,
        quantityMilli,
        unitPrice,
        1800,
        net,
        tax,
        null,
        null,
        null,
      ]);
    }
    const total = subtotal + taxTotal;
    const old = at < NOW - 60 * DAY;
    const paid = draft ? 0 : old ? (random() < 0.97 ? total : 0) : random() < 0.4 ? total : 0;
    const status = draft ? "draft" : paid >= total ? "paid" : "sent";
    if (paid > 0)
      paymentRows.push([
        uuid("9a1d", paymentRows.length),
        id,
        paid,
        "EUR",
        "bank-transfer",
        day(at + 10 * DAY),
        `Transfer ${number}`,
        0,
        0,
        null,
        adminId,
        at + 10 * DAY,
      ]);
    invoiceRows.push([
      id,
      "invoice",
      world.companyIds[c],
      status,
      number,
      "EUR",
      draft ? null : issueDate,
      draft ? null : day(at + 14 * DAY),
      14,
      0,
      "",
      "",
      null,
      "",
      `Company ${c}`,
      `${c} Main Street`,
      `billing@company${c}.example`,
      subtotal,
      0,
      taxTotal,
      total,
      paid,
      0,
      draft ? null : at,
      draft ? null : adminId,
      draft ? null : at,
      1,
      adminId,
      at,
      at,
    ]);
  }
  await put(
    "invoices",
    [
      "id",
      "kind",
      "company_id",
      "status",
      "number",
      "currency",
      "issue_date",
      "due_date",
      "net_days",
      "discount_bp",
      "notes",
      "terms",
      "tax_note",
      "client_tax_id",
      "billing_name",
      "billing_address",
      "billing_email",
      "subtotal",
      "discount",
      "tax_total",
      "total",
      "paid",
      "credited",
      "issued_at",
      "issued_by",
      "sent_at",
      "version",
      "created_by",
      "created_at",
      "updated_at",
    ],
    invoiceRows,
  );
  await put(
    "invoice_lines",
    [
      "id",
      "invoice_id",
      "position",
      "description",
      "quantity_milli",
      "unit_price",
      "tax_rate_bp",
      "net",
      "tax",
      "project_id",
      "milestone_id",
      "corrects_line_id",
    ],
    lineRows,
  );
  await put(
    "invoice_payments",
    [
      "id",
      "invoice_id",
      "amount",
      "currency",
      "method",
      "paid_on",
      "reference",
      "refunded",
      "dispute_lost",
      "dispute_status",
      "recorded_by",
      "created_at",
    ],
    paymentRows,
  );
  await put(
    "invoice_number_counters",
    ["series", "next_value"],
    [...counters].map(([series, last]) => [series, last + 1]),
  );

  // The audit log the company page reads: company and project changes by staff.
  await put(
    "audit_log",
    ["id", "actor_id", "actor_email", "action", "entity", "entity_id", "detail", "created_at"],
    (function* () {
      for (let i = 0; i < SIZES.auditEntries; i++) {
        const project = i % 3 !== 0;
        const p = world.projects[i % SIZES.projects]!;
        const c = i % SIZES.companies;
        yield [
          uuid("a0d", i),
          world.staffIds[1 + (i % (SIZES.staff - 1))],
          `staff${1 + (i % (SIZES.staff - 1))}@${domain}`,
          project ? "project.update" : "company.update",
          project ? "project" : "company",
          project ? p.id : world.companyIds[c],
          '{"from":"a","to":"b"}',
          START + Math.floor((i / SIZES.auditEntries) * SPAN),
        ];
      }
    })(),
  );

  // Notifications: 20,000 for the bench client, 50,000 for the admin, the rest spread over members and staff.
  const CLIENT_TYPES = [
    "staff_reply",
    "status_change",
    "progress_change",
    "milestone_due",
    "milestone_done",
    "approval_requested",
    "file_shared",
  ];
  const STAFF_TYPES = ["new_request", "client_reply", "new_lead", "new_application", "approval_decided"];
  const everyMember = world.members.flatMap((ids, c) => ids.filter((id) => id !== clientId).map((id) => ({ id, c })));
  await put(
    "notifications",
    ["id", "user_id", "type", "event_key", "title", "body", "link", "actor_name", "created_at", "read_at", "company_id"],
    (function* () {
      for (let i = 0; i < SIZES.notifications; i++) {
        let user: string;
        let staff: boolean;
        let company: number;
        if (i < CLIENT.notifications) [user, staff, company] = [clientId, false, 0];
        else if (i < CLIENT.notifications + ADMIN_NOTIFICATIONS) [user, staff, company] = [adminId, true, i % SIZES.companies];
        else {
          const k = i - CLIENT.notifications - ADMIN_NOTIFICATIONS;
          staff = k % 5 === 0;
          const member = everyMember[k % everyMember.length]!;
          user = staff ? world.staffIds[1 + (k % (SIZES.staff - 1))]! : member.id;
          company = staff ? k % SIZES.companies : member.c;
        }
        // Spread over the five years in an order unrelated to whose they are.
        const at = START + Math.floor((((i * 7919) % SIZES.notifications) / SIZES.notifications) * SPAN) + int(DAY);
        const type = staff ? pick(STAFF_TYPES) : pick(CLIENT_TYPES);
        const read = at < NOW - 14 * DAY || random() < 0.5;
        yield [
          uuid("707", i),
          user,
          type,
          `seed:${i}`,
          `${type.replace("_", " ")}: ${words(2, 5)}`,
          sentence(5, 15),
          staff ? "/employee-dashboard" : "/user-dashboard",
          "Our team",
          at,
          read ? at + 3600_000 : null,
          world.companyIds[company],
        ];
      }
    })(),
  );
  return { counts, world };
}

async function main() {
  const began = performance.now();
  const made = await accounts();
  const writer = dialect === "sqlite" ? await sqliteWriter(databaseUrl!.slice("file:".length)) : await postgresWriter(databaseUrl!);
  const { counts, world } = await seed(writer, made);
  await writer.finish();
  // The client's membership, through the app's handle again (Better Auth made the row).
  const { db, closeDb, currentDialect } = await import("../app/server/db/db.server");
  const yes = currentDialect() === "sqlite" ? 1 : true;
  await db().updateTable("users").set({ companyId: world.companyIds[0]!, clientAdmin: yes }).where("id", "=", made.clientId).execute();
  await closeDb();
  const seconds = (performance.now() - began) / 1000;
  process.stderr.write(
    `Seeded ${dialect} in ${seconds.toFixed(1)} s: ${Object.entries(counts)
      .map(([table, n]) => `${table} ${n.toLocaleString("en-US")}`)
      .join(", ")}\n`,
  );
  const clientCompany = world.companyIds[0]!;
  const clientProject = world.projects[0]!.id;
  console.log(
    JSON.stringify({
      dialect,
      seconds,
      counts,
      password: SEED_PASSWORD,
      client: { email: SEED_CLIENT_EMAIL, companyId: clientCompany, projectId: clientProject },
      expect: world.expect,
      admin: { email: made.adminEmail },
      apiToken: made.token,
    }),
  );
}

await main();
