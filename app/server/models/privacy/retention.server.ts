import type { Kysely } from "kysely";
import { CLOSED_COMPANY_DAYS, DAY_MS, PURGED_STAGES, PURGED_STATUSES, type RetentionSettings } from "~/lib/retention";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { getRetentionSettings } from "../shared/settings.server";

// What retention removes (decision 0049). A record is due once its clock is at
// least N days old: a rejected or withdrawn application from when it entered that stage, a lost
// lead from when it was marked lost, a closed company from its closing (the SPEC's 60 days). The
// dry-run page and the run read the same list, so the page shows exactly what a run would remove.
// An inbound mail's original is due N days after it arrived, once it was routed, held, ignored or
// failed for good.

const PURGED_INBOUND_STATUSES = ["routed", "held", "ignored", "failed"] as const;

export type RetentionKind = "application" | "lead" | "company" | "inbound";

export interface RetentionCandidate {
  kind: RetentionKind;
  id: string;
  /** What the console shows: the applicant and opening, the lead's name, the company's name. */
  label: string;
  /** When its clock started (epoch ms). */
  since: number;
}

/** The moment before which a kind's clock must have started for its records to be due. */
export function retentionCutoffs(settings: RetentionSettings, now: number): Record<RetentionKind, number> {
  return {
    application: now - settings.applicationDays * DAY_MS,
    lead: now - settings.leadDays * DAY_MS,
    company: now - CLOSED_COMPANY_DAYS * DAY_MS,
    inbound: now - settings.inboundMailDays * DAY_MS,
  };
}

/** Every record due at `now`, oldest first within each kind; `limit` caps each kind (the page's list). */
export async function listRetentionCandidates(
  now: number,
  options: { settings?: RetentionSettings; limit?: number } = {},
  database: Kysely<Database> = db(),
): Promise<RetentionCandidate[]> {
  const cutoff = retentionCutoffs(options.settings ?? (await getRetentionSettings(database)), now);
  const limit = options.limit ?? 1_000_000;
  const [applications, leads, companies, inbound] = await Promise.all([
    database
      .selectFrom("jobApplications as a")
      .leftJoin("jobOpenings as o", "o.id", "a.jobId")
      .select(["a.id", "a.name", "o.title", "a.stageChangedAt", "a.submittedAt"])
      .where("a.stage", "in", [...PURGED_STAGES])
      // A row no status change has stamped keeps its submission time (decision 0049).
      .where((eb) => eb(eb.fn.coalesce("a.stageChangedAt", "a.submittedAt"), "<=", cutoff.application))
      .orderBy(({ fn }) => fn.coalesce("a.stageChangedAt", "a.submittedAt"))
      .orderBy("a.id")
      .limit(limit)
      .execute(),
    database
      .selectFrom("quotes")
      .select(["id", "name", "statusChangedAt", "submittedAt"])
      .where("status", "in", [...PURGED_STATUSES])
      .where((eb) => eb(eb.fn.coalesce("statusChangedAt", "submittedAt"), "<=", cutoff.lead))
      .orderBy(({ fn }) => fn.coalesce("statusChangedAt", "submittedAt"))
      .orderBy("id")
      .limit(limit)
      .execute(),
    database
      .selectFrom("companies")
      .select(["id", "name", "closedAt"])
      .where("closedAt", "is not", null)
      .where("closedAt", "<=", cutoff.company)
      .orderBy("closedAt")
      .orderBy("id")
      .limit(limit)
      .execute(),
    database
      .selectFrom("inboundMessages")
      .select(["id", "fromAddress", "subject", "receivedAt"])
      .where("purgedAt", "is", null)
      // One still being processed (or waiting for a retry) is not done with its original yet.
      .where("status", "in", [...PURGED_INBOUND_STATUSES])
      .where("receivedAt", "<=", cutoff.inbound)
      .orderBy("receivedAt")
      .orderBy("id")
      .limit(limit)
      .execute(),
  ]);
  return [
    ...applications.map((a) => ({
      kind: "application" as const,
      id: a.id,
      label: a.title ? `${a.name} (${a.title})` : a.name,
      since: Number(a.stageChangedAt ?? a.submittedAt),
    })),
    ...leads.map((l) => ({ kind: "lead" as const, id: l.id, label: l.name, since: Number(l.statusChangedAt ?? l.submittedAt) })),
    ...companies.map((c) => ({ kind: "company" as const, id: c.id, label: c.name, since: Number(c.closedAt) })),
    ...inbound.map((m) => ({
      kind: "inbound" as const,
      id: m.id,
      label: `${m.fromAddress ?? "Unknown sender"}: ${m.subject?.trim() || "(no subject)"}`,
      since: Number(m.receivedAt),
    })),
  ];
}
