import { z } from "~/lib/zod";
import { requiredText } from "./fields";

export const PROGRESS_NOTE_MAX_LENGTH = 500;
const PROGRESS_MESSAGE = "Progress must be a whole number from 0 to 100.";

// SPEC §9: progress is 0–100. Staff set it from the console with an optional note.
export const projectProgressSchema = z.object({
  projectId: z.string({ error: "Unknown project." }).trim().min(1, "Unknown project.").max(64),
  progress: z
    .number({ error: (issue) => (issue.input === undefined ? "Progress is required." : PROGRESS_MESSAGE) })
    .int(PROGRESS_MESSAGE)
    .min(0, PROGRESS_MESSAGE)
    .max(100, PROGRESS_MESSAGE),
  note: z.string().trim().max(PROGRESS_NOTE_MAX_LENGTH, `Note must be ${PROGRESS_NOTE_MAX_LENGTH} characters or fewer.`).optional(),
});

// Decision 0035: staff run the projects. Keys are stored; labels are shown.
export const PROJECT_STATUSES = ["planned", "in_progress", "on_hold", "done"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planned: "Planned",
  in_progress: "In progress",
  on_hold: "On hold",
  done: "Done",
};

export function projectStatusLabel(status: string): string {
  return (PROJECT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/**
 * Due before today and not done (decision 0035). `today` is the agency's date (agencyToday on the
 * server, passed down by the loader, so the server's HTML and the browser's render agree).
 */
export function isOverdue(project: { dueDate: string | null; status: string }, today: string): boolean {
  return project.dueDate !== null && project.dueDate < today && project.status !== "done";
}

function isRealDate(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

const dateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD.", abort: true })
  .refine(isRealDate, { error: "Enter a real date." })
  .optional();

const ID = /^[\w-]{1,64}$/;

/** The staff project form, for create and edit alike: nothing else of a project is read from a post. */
export const projectFormSchema = z
  .object({
    title: requiredText("Title", 120),
    description: requiredText("Description", 5000),
    status: z.enum(PROJECT_STATUSES, { error: "Choose a status from the list." }),
    startDate: dateField,
    dueDate: dateField,
    // Empty means "no owner yet"; the model checks the id is an active staff member.
    ownerId: z.string().trim().regex(ID, "Choose an owner from the list.").optional(),
  })
  .refine((v) => !v.startDate || !v.dueDate || v.dueDate >= v.startDate, {
    error: "The due date cannot be before the start date.",
    path: ["dueDate"],
  });

export type ProjectFormValue = z.infer<typeof projectFormSchema>;

/** ?q=&status=&owner=&overdue=1&archived=1 of the console's Projects list and its CSV export. */
export interface ProjectFilter {
  q?: string;
  status?: ProjectStatus;
  /** A staff member's id, or "none" for projects nobody runs yet. */
  owner?: string;
  overdue?: boolean;
  /** Archived projects instead of the current ones. */
  archived?: boolean;
}

// Anything unreadable means "no filter", like the other console lists.
const projectFilterSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(PROJECT_STATUSES).optional().catch(undefined),
  owner: z.string().regex(ID).optional().catch(undefined),
  overdue: z.literal("1").optional().catch(undefined),
  archived: z.literal("1").optional().catch(undefined),
});

export function projectFilterFrom(params: URLSearchParams): ProjectFilter {
  const raw = (name: string) => params.get(name) || undefined;
  const parsed = projectFilterSchema.parse({
    q: params.get("q") ?? "",
    status: raw("status"),
    owner: raw("owner"),
    overdue: raw("overdue"),
    archived: raw("archived"),
  });
  const filter: ProjectFilter = {};
  if (parsed.q) filter.q = parsed.q;
  if (parsed.status) filter.status = parsed.status;
  if (parsed.owner) filter.owner = parsed.owner;
  if (parsed.overdue) filter.overdue = true;
  if (parsed.archived) filter.archived = true;
  return filter;
}

/** The filter as a query string ("" when none), for the export link and the pager. */
export function projectFilterQuery(filter: ProjectFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (filter.owner) params.set("owner", filter.owner);
  if (filter.overdue) params.set("overdue", "1");
  if (filter.archived) params.set("archived", "1");
  const query = params.toString();
  return query ? `?${query}` : "";
}

// A stored YYYY-MM-DD in the locale's style: lib/dates.ts (pages pass the agency's locale).
export { formatCalendarDate } from "~/lib/dates";

/**
 * Decision 0043: "Delete project" names the project's company as the page showed it, so a post
 * whose project and company do not belong together deletes nothing (the URL names the project).
 */
export const deleteProjectSchema = z.object({
  companyId: z.string({ error: "Unknown company." }).trim().regex(ID, "Unknown company."),
});
