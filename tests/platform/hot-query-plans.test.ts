import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CompiledQuery, sql, type Compilable } from "kysely";
import { currentDialect, db } from "~/server/db/db.server";
import { encodeCursor } from "~/server/models/api/api-cursor.server";
import { leadResourcesQuery } from "~/server/models/api/api-reads.server";
import { invoicePageQuery } from "~/server/models/billing/invoices-read.server";
import { companyActivityQuery, companyLeadsQuery, companyRequestsQuery } from "~/server/models/companies/companies-records.server";
import { pageFileVersionsQuery, projectFilesQuery } from "~/server/models/projects/project-files.server";
import { overdueMilestonesQuery, recentClientUploadsQuery } from "~/server/models/projects/workspace-overview.server";
import { unansweredSupportQuery } from "~/server/models/reports/overview.server";
import { companyComplaintsQuery, complaintRepliesQuery } from "~/server/models/support/complaints.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";

// Decision 0110: the queries behind the signed-in list screens, built by the models' own builders,
// each explained on both databases and required to use its index. A query that changes shape so
// that its index no longer serves it fails here, not at five years of data in production.
// PostgreSQL is asked with sequential scans (and sorts) priced out, as its planner would choose on a
// large table; SQLite's planner takes an index whenever one fits, even on an empty table.

const COMPANY = "c0000000-0000-4000-8000-000000000000";
const PROJECT = "9a000000-0000-4000-8000-000000000000";
const FILES = ["f1a00000-0000-4000-8000-000000000000", "f1a00000-0000-4000-8000-000000000001"];
const REQUESTS = ["c1a00000-0000-4000-8000-000000000000", "c1a00000-0000-4000-8000-000000000001"];

/** The plan's text: SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's EXPLAIN lines. */
async function planOf(query: Compilable<unknown>): Promise<string> {
  const { sql: text, parameters } = query.compile();
  if (currentDialect() === "sqlite") {
    const result = await db().executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, [...parameters]));
    return result.rows.map((row) => row.detail).join("\n");
  }
  return db()
    .connection()
    .execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      await sql`set enable_sort = off`.execute(connection);
      try {
        const result = await connection.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${text}`, [...parameters]));
        return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
        await sql`reset enable_sort`.execute(connection);
      }
    });
}

/** The screen, the query as its model builds it, and the index that must serve it. */
const HOT_QUERIES: { screen: string; query: () => Compilable<unknown>; index: string | RegExp }[] = [
  {
    screen: "the support desk list's requests",
    query: () => companyComplaintsQuery({ companyId: COMPANY }),
    index: "complaints_company_id",
  },
  {
    screen: "the support desk list's replies",
    query: () => complaintRepliesQuery(REQUESTS),
    index: /complaint_replies_(latest|complaint_id)/,
  },
  { screen: "the company page's leads", query: () => companyLeadsQuery({ companyId: COMPANY }), index: "quotes_company" },
  {
    screen: "the company page's support requests",
    query: () => companyRequestsQuery({ companyId: COMPANY }),
    index: "complaints_company_id",
  },
  { screen: "the company page's activity", query: () => companyActivityQuery({ companyId: COMPANY }), index: "audit_log_entity" },
  {
    screen: "the invoice list's first page",
    query: () => invoicePageQuery({ scope: "all", limit: 50, offset: 0 }, "2026-12-03"),
    index: "invoices_created",
  },
  { screen: "GET /api/v1/leads", query: () => leadResourcesQuery({ limit: 50 }), index: "quotes_submitted_id" },
  {
    screen: "GET /api/v1/leads after a cursor",
    query: () => leadResourcesQuery({ limit: 50, cursor: encodeCursor({ at: 1, id: "x" }) }),
    index: "quotes_submitted_id",
  },
  {
    screen: "the workspace Files tab's page of files",
    query: () => projectFilesQuery({ projectId: PROJECT }).limit(20).offset(20),
    index: "project_files_name",
  },
  {
    screen: "the workspace Files tab's versions of a page's files",
    query: () => pageFileVersionsQuery({ fileIds: FILES }),
    index: "file_versions_file",
  },
  { screen: "the console overview's unanswered requests", query: () => unansweredSupportQuery("all"), index: "complaints_open" },
  { screen: "the console overview's latest replies", query: () => unansweredSupportQuery("all"), index: "complaint_replies_latest" },
  {
    screen: "the console overview's overdue milestones",
    query: () => overdueMilestonesQuery("all", "2026-12-03"),
    // Ranked per owner, the rows are sorted anyway: on these empty tables PostgreSQL reaches the
    // milestones through their projects, on the five-year seed (`npm run bench:seed`) through the
    // open ones' index. Either way through an index, never the whole table.
    index: /milestones_(open_due|project_id)/,
  },
  {
    screen: "the console overview's recent client uploads",
    query: () => recentClientUploadsQuery("all", Date.parse("2026-11-26T00:00:00Z")),
    index: "file_versions_side_created",
  },
];

describe.each(testDatabases("hot-query-plans"))("The hot list queries on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  });
  afterAll(async () => cleanup());

  test.each(HOT_QUERIES)("$screen is served by the index $index", async ({ query, index }) => {
    const plan = await planOf(query());
    expect(plan, plan).toMatch(index);
  });
});
