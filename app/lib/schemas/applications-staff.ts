import { z } from "~/lib/zod";

// The hiring stage of a job application. Keys are stored; labels are shown. "withdrawn"
// (the applicant stepped back) joins "rejected" as a stage retention purges.
export const APPLICATION_STAGES = ["new", "reviewing", "interview", "offer", "hired", "rejected", "withdrawn"] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const APPLICATION_STAGE_LABELS: Record<ApplicationStage, string> = {
  new: "New",
  reviewing: "Reviewing",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

const applicationStageEnum = z.enum(APPLICATION_STAGES, { error: "Choose a stage from the list." });

/** The application page's stage form: only the stage, never any other field of the application. */
export const applicationStageSchema = z.object({ stage: applicationStageEnum });

/** ?q=&opening=&stage= of the applications list and its CSV export; anything unreadable means "no filter". */
const applicationFilterSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  opening: z
    .string()
    .trim()
    .max(64)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  stage: applicationStageEnum.optional().catch(undefined),
});

export type ApplicationFilter = { q?: string; opening?: string; stage?: ApplicationStage };

export function applicationStageLabel(stage: string): string {
  return (APPLICATION_STAGE_LABELS as Record<string, string>)[stage] ?? stage;
}

export function applicationFilterFrom(params: URLSearchParams): ApplicationFilter {
  const { q, ...rest } = applicationFilterSchema.parse({
    q: params.get("q") ?? "",
    opening: params.get("opening") || undefined,
    stage: params.get("stage") || undefined,
  });
  return q ? { q, ...rest } : rest;
}

/** The filter as a query string ("" when none), for links to the export. */
export function applicationFilterQuery(filter: ApplicationFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.opening) params.set("opening", filter.opening);
  if (filter.stage) params.set("stage", filter.stage);
  const query = params.toString();
  return query ? `?${query}` : "";
}
