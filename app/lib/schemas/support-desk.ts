import { z } from "~/lib/zod";
import { PRIORITIES, SUPPORT_SORTS, SUPPORT_VIEWS, type SupportSort, type SupportView, type Priority } from "~/lib/support-desk";
import { requiredText } from "./fields";
import { REPLY_MAX_LENGTH } from "./complaints";

// The console request page's desk forms, and the inbox's view, filters and sort.

/** "me" assigns the signed-in staff member; "none" unassigns; any other value is a staff id. */
export const assignSchema = z.object({
  assignee: z.string({ error: "Choose who to assign." }).trim().min(1, "Choose who to assign.").max(64, "Choose who to assign."),
});

export const prioritySchema = z.object({
  priority: z.enum(PRIORITIES, { error: "Choose Low, Normal, High or Urgent." }),
});

export const NOTE_MAX_LENGTH = 4000;
export const noteSchema = z.object({
  text: requiredText("Note", NOTE_MAX_LENGTH, "Note is empty."),
});

/** A saved reply: a title to pick it by, and the text with its placeholders. */
export const savedReplySchema = z.object({
  title: requiredText("Title", 120),
  body: requiredText("Text", REPLY_MAX_LENGTH),
});
export type SavedReplyInput = z.infer<typeof savedReplySchema>;

export interface SupportFilter {
  view: SupportView;
  status?: string;
  priority?: Priority;
  /** Only requests whose client is waiting for us. */
  waiting?: boolean;
  sort: SupportSort;
}

const pick = <T extends string>(list: readonly T[], value: string | null): T | undefined => list.find((v) => v === value);

/** The inbox's query string read leniently: an unknown value means "no filter", never an error. */
export function supportFilterFrom(params: URLSearchParams, statuses: readonly string[]): SupportFilter {
  const filter: SupportFilter = {
    view: pick(SUPPORT_VIEWS, params.get("view")) ?? "all",
    sort: pick(SUPPORT_SORTS, params.get("sort")) ?? "default",
  };
  const status = pick(statuses, params.get("status"));
  if (status) filter.status = status;
  const priority = pick(PRIORITIES, params.get("priority"));
  if (priority) filter.priority = priority;
  if (params.get("waiting") === "1") filter.waiting = true;
  return filter;
}
