/** One line of a lead's or an application's history in the console: a change or a note. */
export interface HistoryEntry {
  id: string;
  kind: "change" | "note";
  at: number;
  /** Who: the staff member's name for a note, their e-mail for a change. */
  by: string;
  action: string;
  detail: Record<string, unknown>;
  text?: string;
}
