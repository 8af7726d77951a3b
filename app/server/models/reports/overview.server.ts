import { sql } from "kysely";
import { addDays } from "~/lib/calendar";
import { mondayIn, startOfDayIn } from "~/lib/zoned-time";
import { getPlace } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { CLIENT_SENDER } from "../support/complaints.server";
import { companyIn, companyInOrNone, type CompanyScope } from "../shared/company-scope.server";

// The console's landing numbers: what needs someone's attention today, and two trends. Leads and
// support requests count only within the viewer's companies (decision 0105: a converted lead
// follows its company); applications and openings are nobody's company's.
const TREND_WEEKS = 12;
const TOP_OPENINGS = 12;

interface OverviewCounts {
  newLeads: number;
  unansweredSupport: number;
  newApplications: number;
  openOpenings: number;
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

export async function overviewCounts(scope: CompanyScope): Promise<OverviewCounts> {
  const [leads, support, applications, openings] = await Promise.all([
    db()
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "new")
      .where((eb) => companyInOrNone(eb, "quotes.companyId", scope))
      .executeTakeFirst(),
    countUnansweredSupport(scope),
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
async function countUnansweredSupport(scope: CompanyScope): Promise<number> {
  return count(await unansweredSupportQuery(scope).executeTakeFirst());
}

/** The count's query: the latest reply of each open request is one seek of complaint_replies_latest. */
export function unansweredSupportQuery(scope: CompanyScope) {
  return (
    db()
      .selectFrom("complaints as c")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      // A literal, not a parameter: the planners then see that complaints_open holds these rows.
      .where("c.status", "<>", sql.lit("Resolved"))
      .where((eb) => companyIn(eb, "c.companyId", scope))
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
  );
}

/**
 * Leads received in each of the last 12 weeks, oldest first; empty weeks count 0. A week runs from
 * Monday 00:00 to the next in the agency's zone (`weekStart` names its Monday, YYYY-MM-DD), so a
 * week around a clock change is an hour shorter or longer: bucketed by its real bounds.
 */
export async function leadsPerWeek(scope: CompanyScope, now = Date.now()): Promise<{ weekStart: string; count: number }[]> {
  const { timeZone } = await getPlace();
  const thisMonday = mondayIn(now, timeZone);
  const mondays = Array.from({ length: TREND_WEEKS + 1 }, (_, i) => addDays(thisMonday, (i + 1 - TREND_WEEKS) * 7));
  const bounds = mondays.map((monday) => startOfDayIn(monday, timeZone));
  const submitted = sql.ref("submittedAt");
  const week = sql<number>`case ${sql.join(
    bounds.slice(1).map((end, i) => sql`when ${submitted} < ${end} then ${sql.lit(i)}`),
    sql` `,
  )} end`;
  // "group by 1": PostgreSQL sees two parameterised copies of one expression as different expressions.
  const rows = await db()
    .selectFrom("quotes")
    .select([week.as("week"), (eb) => eb.fn.countAll<number>().as("n")])
    .where("submittedAt", ">=", bounds[0]!)
    .where("submittedAt", "<", bounds[TREND_WEEKS]!)
    .where((eb) => companyInOrNone(eb, "quotes.companyId", scope))
    .groupBy(sql`1`)
    .execute();
  const counts = new Map(rows.map((r) => [Number(r.week), Number(r.n)]));
  return mondays.slice(0, TREND_WEEKS).map((weekStart, i) => ({ weekStart, count: counts.get(i) ?? 0 }));
}

/** Applications per opening: every open opening, and closed ones that received any; busiest first. */
export async function applicationsPerOpening(): Promise<{ id: string; title: string; status: string; count: number }[]> {
  // Each opening's count from the job_id index alone (a join counted every application's row).
  const rows = await db()
    .selectFrom("jobOpenings as o")
    .select(["o.id", "o.title", "o.status"])
    .select((eb) =>
      eb
        .selectFrom("jobApplications as a")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("a.jobId", "=", "o.id")
        .as("n"),
    )
    .execute();
  return rows
    .map((r) => ({ id: r.id, title: r.title, status: r.status, count: Number(r.n) }))
    .filter((r) => r.status === "open" || r.count > 0)
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title))
    .slice(0, TOP_OPENINGS);
}
