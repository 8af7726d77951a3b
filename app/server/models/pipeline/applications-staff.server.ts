import type { Expression, ExpressionBuilder } from "kysely";
import type { ApplicationFilter, ApplicationStage } from "~/lib/schemas/applications-staff";
import type { SearchMatch, SearchSort } from "~/lib/search";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { addRecordNote, setPipelineValue } from "../shared/record-history.server";
import { searchIds, searchMatches, searchPage } from "../search/search.server";
import { parseSearchQuery } from "../search/query.server";
import type { Actor } from "~/server/auth/actor.server";

// Job applications as the staff console reviews them: by opening, with a hiring stage.
interface Applicant {
  id: string;
  name: string;
  email: string;
  message: string;
  jobId: string;
  /** "" when the opening no longer exists. */
  openingTitle: string;
  submittedAt: number;
  appliedBy: string | null;
  stage: string;
  hasResume: boolean;
  resumeName: string;
  /** The consent text's version and when; null on rows sent before the forms asked. */
  consentVersion: string | null;
  consentedAt: number | null;
  privacyVersion: number | null;
}

type Tables = Database & { o: Database["jobOpenings"] };
const EXPORT_BATCH = 500;

function matches(filter: ApplicationFilter) {
  return (eb: ExpressionBuilder<Tables, "jobApplications" | "o">) => {
    const conditions = [];
    if (filter.opening) conditions.push(eb("jobApplications.jobId", "=", filter.opening));
    if (filter.stage) conditions.push(eb("jobApplications.stage", "=", filter.stage));
    // Full text over name, e-mail, opening title and message (decision 0045).
    const search = parseSearchQuery(filter.q ?? "");
    if (search) conditions.push(eb("jobApplications.id", "in", searchIds(search, "application")));
    return eb.and(conditions);
  };
}

function filtered(filter: ApplicationFilter) {
  return db().selectFrom("jobApplications").leftJoin("jobOpenings as o", "o.id", "jobApplications.jobId").where(matches(filter));
}

function selected(filter: ApplicationFilter) {
  return filtered(filter).select([
    "jobApplications.id",
    "jobApplications.name",
    "jobApplications.email",
    "jobApplications.message",
    "jobApplications.jobId",
    "o.title as openingTitle",
    "jobApplications.submittedAt",
    "jobApplications.appliedBy",
    "jobApplications.stage",
    "jobApplications.resume",
    "jobApplications.resumeName",
    "jobApplications.consentVersion",
    "jobApplications.consentedAt",
    "jobApplications.privacyVersion",
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selected>["execute"]>>[number];

function toApplicant({ resume, openingTitle, ...row }: Row): Applicant {
  return { ...row, openingTitle: openingTitle ?? "", hasResume: resume !== "" };
}

/**
 * One page of applications matching the filter, newest first, and how many match in all. A search
 * ranks by relevance unless `sort` is "list", and gives each application its marked matches.
 */
export async function listApplicants(
  filter: ApplicationFilter,
  page: { limit: number; offset: number; sort?: SearchSort },
): Promise<{ applicants: (Applicant & { match?: SearchMatch })[]; total: number }> {
  const search = parseSearchQuery(filter.q ?? "");
  if (search && page.sort !== "list") {
    const rest = { opening: filter.opening, stage: filter.stage };
    const within =
      rest.opening || rest.stage
        ? (id: Expression<string>) => filtered(rest).select("jobApplications.id").where("jobApplications.id", "=", id)
        : undefined;
    const found = await searchPage(search, "application", page, within);
    const rows = found.ids.length ? await selected({}).where("jobApplications.id", "in", found.ids).execute() : [];
    const byId = new Map(rows.map((r) => [r.id, toApplicant(r)]));
    return {
      applicants: found.ids.flatMap((id) => byId.get(id) ?? []).map((a) => ({ ...a, match: found.matches.get(a.id) })),
      total: found.total,
    };
  }
  const [rows, count] = await Promise.all([
    selected(filter)
      .orderBy("jobApplications.submittedAt", "desc")
      .orderBy("jobApplications.id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(filter)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const matches = search
    ? await searchMatches(
        search,
        "application",
        rows.map((r) => r.id),
      )
    : undefined;
  return { applicants: rows.map((r) => ({ ...toApplicant(r), match: matches?.get(r.id) })), total: Number(count.n) };
}

/** Every application matching the filter, newest first, read in batches (keyset). */
export async function* eachApplicant(filter: ApplicationFilter): AsyncGenerator<Applicant> {
  let last: { submittedAt: number; id: string } | undefined;
  for (;;) {
    let query = selected(filter);
    if (last) {
      const { submittedAt, id } = last;
      query = query.where((eb) =>
        eb.or([
          eb("jobApplications.submittedAt", "<", submittedAt),
          eb.and([eb("jobApplications.submittedAt", "=", submittedAt), eb("jobApplications.id", ">", id)]),
        ]),
      );
    }
    const batch = await query.orderBy("jobApplications.submittedAt", "desc").orderBy("jobApplications.id").limit(EXPORT_BATCH).execute();
    yield* batch.map(toApplicant);
    if (batch.length < EXPORT_BATCH) return;
    last = batch[batch.length - 1];
  }
}

export async function getApplicant(id: string): Promise<Applicant | undefined> {
  const row = await selected({}).where("jobApplications.id", "=", id).executeTakeFirst();
  return row ? toApplicant(row) : undefined;
}

/** Where an application's resume is stored, with its metadata; undefined when it has none. */
export async function findResume(id: string): Promise<{ key: string; name: string; kind: string } | undefined> {
  const row = await db()
    .selectFrom("jobApplications")
    .select(["resume", "resumeName", "resumeType"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && row.resume !== "" ? { key: row.resume, name: row.resumeName, kind: row.resumeType } : undefined;
}

/** Every opening, open or closed, for the list's filter. */
export async function listOpeningChoices(): Promise<{ id: string; title: string; status: string }[]> {
  return db().selectFrom("jobOpenings").select(["id", "title", "status"]).orderBy("title").orderBy("id").execute();
}

/** Moves an application to a hiring stage, with its audit row; an unknown id is refused as not found. */
export function setApplicationStage(actor: Actor, id: string, stage: ApplicationStage, now = Date.now()) {
  return setPipelineValue(actor, "application", id, stage, now);
}

/** Adds an internal note to an application; an unknown id is refused as not found. */
export function addApplicationNote(actor: Actor, id: string, text: string, now = Date.now()) {
  return addRecordNote(actor, "application", id, text, now);
}
