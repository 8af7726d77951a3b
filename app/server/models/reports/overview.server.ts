import { sql } from "kysely";
import { db } from "~/server/db/db.server";
import { CLIENT_SENDER } from "../support/complaints.server";

// The console's landing numbers: what needs someone's attention today, and two trends.
export const WEEK_MS = 7 * 24 * 3_600_000;
const TREND_WEEKS = 12;
const TOP_OPENINGS = 12;

interface OverviewCounts {
  newLeads: number;
  unansweredSupport: number;
  newApplications: number;
  openOpenings: number;
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

export async function overviewCounts(): Promise<OverviewCounts> {
  const [leads, support, applications, openings] = await Promise.all([
    db()
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "new")
      .executeTakeFirst(),
    countUnansweredSupport(),
    db()
      .selectFrom("jobApplications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("stage", "=", "new")
      .executeTakeFirst(),
    db()
      .selectFrom("jobOpenings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "open")
      .executeTakeFirst(),
  ]);
  return { newLeads: count(leads), unansweredSupport: support, newApplications: count(applications), openOpenings: count(openings) };
}

/** Requests not Resolved whose last word is the client's: no reply yet, or the latest reply is theirs. */
async function countUnansweredSupport(): Promise<number> {
  const row = await db()
    .selectFrom("complaints as c")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("c.status", "<>", "Resolved")
    .where((eb) =>
      eb(
        eb.fn.coalesce(
          eb
            .selectFrom("complaintReplies as r")
            .select("r.sender")
            .whereRef("r.complaintId", "=", "c.id")
            .orderBy("r.timestamp", "desc")
            .orderBy("r.id", "desc")
            .limit(1),
          eb.val(CLIENT_SENDER),
        ),
        "=",
        CLIENT_SENDER,
      ),
    )
    .executeTakeFirst();
  return count(row);
}

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: number): number {
  const day = new Date(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday);
}

/** Leads received in each of the last 12 weeks (Monday to Sunday, UTC), oldest first; empty weeks count 0. */
export async function leadsPerWeek(now = Date.now()): Promise<{ weekStart: number; count: number }[]> {
  const first = weekStart(now) - (TREND_WEEKS - 1) * WEEK_MS;
  // Bucketed in SQL. The cast: SQLite divides bound numbers as reals. "group by 1": PostgreSQL sees two
  // parameterised copies of one expression as different expressions.
  const rows = await db()
    .selectFrom("quotes")
    .select([
      sql<number>`cast((${sql.ref("submittedAt")} - ${first}) / ${WEEK_MS} as integer)`.as("week"),
      (eb) => eb.fn.countAll<number>().as("n"),
    ])
    .where("submittedAt", ">=", first)
    .where("submittedAt", "<", first + TREND_WEEKS * WEEK_MS)
    .groupBy(sql`1`)
    .execute();
  const counts = new Map(rows.map((r) => [Number(r.week), Number(r.n)]));
  return Array.from({ length: TREND_WEEKS }, (_, i) => ({ weekStart: first + i * WEEK_MS, count: counts.get(i) ?? 0 }));
}

/** Applications per opening: every open opening, and closed ones that received any; busiest first. */
export async function applicationsPerOpening(): Promise<{ id: string; title: string; status: string; count: number }[]> {
  const rows = await db()
    .selectFrom("jobOpenings as o")
    .leftJoin("jobApplications as a", "a.jobId", "o.id")
    .select(["o.id", "o.title", "o.status", (eb) => eb.fn.count<number>("a.id").as("n")])
    .groupBy(["o.id", "o.title", "o.status"])
    .execute();
  return rows
    .map((r) => ({ id: r.id, title: r.title, status: r.status, count: Number(r.n) }))
    .filter((r) => r.status === "open" || r.count > 0)
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title))
    .slice(0, TOP_OPENINGS);
}
