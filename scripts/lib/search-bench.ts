// The search figure for `npm run bench`: 50,000 support requests with their replies seeded
// into one database (argv[2]: file:PATH or a postgres:// URL), then a mix of searches timed through
// the support inbox's own model call (search, count, page, highlights). Prints one JSON line.
// Run by scripts/lib/search-bench.mjs with tsx; the database must be empty of requests.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { percentile } from "./bench-database";

const url = process.argv[2];
if (!url) throw new Error("usage: tsx scripts/lib/search-bench.ts <database url>");
Object.assign(process.env, { DATABASE_URL: url, DEMO_CONTENT: "off", AUTH_SECRET: randomBytes(32).toString("hex") });

const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 50_000);
const QUERIES = 200;
const WARMUP = 20;
const PAGE = 25;

// A deterministic corpus: words drawn with Zipf's law (a few very common, most rare), as in real text.
let seed = 18;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
// Words no one searches for; they fill the text as they do in real requests.
const STOPWORDS = "the a to is it in on not and my we of for with".split(" ");
const COMMON = (
  "app when after login page error invoice payment order " +
  "update screen email account password report server crash slow upload file mobile android iphone button " +
  "data sync export import dashboard user customer delivery booking calendar notification chart search " +
  "timeout blank broken missing wrong duplicate refund release deploy staging production database backup"
).split(" ");
const SYLLABLES = "ka ro mi ten sul var pe lon dri ash qua bel tor nim fes gal hu zor ept wyn".split(" ");
const RARE = Array.from(
  { length: 4000 },
  (_, i) => `${SYLLABLES[i % 20]}${SYLLABLES[Math.floor(i / 20) % 20]}${SYLLABLES[Math.floor(i / 400) % 20]}`,
);
const VOCABULARY = [...STOPWORDS, ...COMMON, ...RARE];
const FIRST = STOPWORDS.length;
const CUMULATIVE = (() => {
  let total = 0;
  const sums = VOCABULARY.map((_, rank) => (total += 1 / (rank + 1)));
  return sums.map((s) => s / total);
})();
function word(): string {
  const r = random();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo]!;
}
const sentence = (min: number, max: number) => Array.from({ length: min + Math.floor(random() * (max - min)) }, word).join(" ");

interface Seeded {
  complaints: unknown[][];
  replies: unknown[][];
}

function corpus(): Seeded {
  const complaints: unknown[][] = [];
  const replies: unknown[][] = [];
  const now = Date.now();
  for (let i = 0; i < REQUESTS; i++) {
    const id = `bench-${i}`;
    const createdAt = now - (REQUESTS - i) * 60_000;
    complaints.push([id, sentence(3, 9), sentence(15, 60), i % 3 === 0 ? "Resolved" : "Pending", createdAt]);
    const count = Math.floor(random() * 4);
    for (let r = 0; r < count; r++)
      replies.push([`${id}-r${r}`, id, r % 2 ? "user" : "staff", sentence(8, 40), createdAt + (r + 1) * 1000]);
  }
  return { complaints, replies };
}

/** The mix: common words (thousands of matches), mid-frequency and rare words, prefixes, pairs, phrases, OR. */
function queries(): string[] {
  const pick = (from: number, to: number) => VOCABULARY[from + Math.floor(random() * (to - from))]!;
  const list: string[] = [];
  for (let i = 0; i < QUERIES + WARMUP; i++) {
    const kind = i % 10;
    if (kind < 2) list.push(pick(FIRST, FIRST + 50));
    else if (kind < 5) list.push(pick(FIRST + 50, 800));
    else if (kind < 7) list.push(pick(800, VOCABULARY.length));
    else if (kind === 7) list.push(pick(FIRST, 800).slice(0, 4));
    else if (kind === 8) list.push(`${pick(FIRST, 400)} ${pick(FIRST, 800)}`);
    else list.push(i % 20 === 9 ? `"${pick(FIRST, 100)} ${pick(FIRST, 100)}"` : `${pick(FIRST + 50, 800)} OR ${pick(FIRST + 50, 800)}`);
  }
  return list;
}

async function seedSqlite(file: string, data: Seeded): Promise<void> {
  const { default: SQLite } = await import("better-sqlite3");
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    const complaint = sqlite.prepare(
      "insert into complaints (id, subject, message, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
    );
    const reply = sqlite.prepare("insert into complaint_replies (id, complaint_id, sender, text, timestamp) values (?, ?, ?, ?, ?)");
    sqlite.transaction(() => {
      // Replies first, their requests checked at commit: each request's document is then built once,
      // by its own insert trigger, instead of once per reply.
      sqlite.pragma("defer_foreign_keys = on");
      for (const r of data.replies) reply.run(...r);
      for (const [id, subject, message, status, createdAt] of data.complaints)
        complaint.run(id, subject, message, status, createdAt, createdAt);
    })();
  } finally {
    sqlite.close();
  }
}

async function seedPostgres(data: Seeded): Promise<void> {
  const { db } = await import("../../app/server/db/db.server");
  const { sql } = await import("kysely");
  const column = (rows: unknown[][], i: number) => rows.map((r) => r[i]);
  const [c, r] = [data.complaints, data.replies];
  // One statement (arrays unnested) for requests and replies together: the statement triggers then
  // build each request's document once, with its replies. A larger GIN pending list lets the index
  // take the 50,000 new documents in a few bulk merges instead of many small ones (this session only).
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`set local gin_pending_list_limit = '64MB'`.execute(trx);
      await sql`set local work_mem = '64MB'`.execute(trx);
      await sql`with requests as (
      insert into complaints (id, subject, message, status, created_at, updated_at)
      select id, subject, message, status, created_at, created_at
      from unnest(${column(c, 0)}::varchar[], ${column(c, 1)}::text[], ${column(c, 2)}::text[], ${column(c, 3)}::varchar[], ${column(c, 4)}::bigint[])
        as t(id, subject, message, status, created_at)
      returning id)
    insert into complaint_replies (id, complaint_id, sender, text, timestamp)
    select * from unnest(${column(r, 0)}::varchar[], ${column(r, 1)}::varchar[], ${column(r, 2)}::varchar[], ${column(r, 3)}::text[], ${column(r, 4)}::bigint[])`.execute(
        trx,
      );
    });
  // As autovacuum leaves a table in use: statistics current, no dead rows from the seeding.
  await sql`vacuum analyze search_documents, complaints, complaint_replies`.execute(db());
}

async function main(): Promise<void> {
  const { closeDb, migrateToLatest, currentDialect } = await import("../../app/server/db/db.server");
  const { listComplaintsForStaff } = await import("../../app/server/models/support/complaints-staff.server");
  await migrateToLatest();
  const dialect = currentDialect();
  const data = corpus();
  const seeding = performance.now();
  if (dialect === "postgres") await seedPostgres(data);
  else await seedSqlite(url!.slice("file:".length), data);
  const seedMs = performance.now() - seeding;

  const timings: number[] = [];
  // This process's CPU time per query: what the call costs here whatever else the machine runs (on
  // PostgreSQL the server's own share is not in it).
  const cpu: number[] = [];
  let matched = 0;
  const mix = queries();
  for (const [i, text] of mix.entries()) {
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const { total, entries } = await listComplaintsForStaff({ scope: "all", q: text, limit: PAGE, offset: 0 });
    const ms = performance.now() - began;
    const cpuUsed = process.cpuUsage(cpuBefore);
    if (total > 0 && !entries[0]?.match) throw new Error(`no highlight for "${text}"`);
    if (i >= WARMUP) {
      timings.push(ms);
      cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
      matched += total;
    }
  }
  await closeDb();
  timings.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const result = {
    dialect,
    requests: REQUESTS,
    replies: data.replies.length,
    seedMs,
    queries: timings.length,
    meanMatches: matched / timings.length,
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    max: timings.at(-1),
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
