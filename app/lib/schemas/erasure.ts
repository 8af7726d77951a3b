import { z } from "~/lib/zod";
import { requiredText } from "./fields";

// Decision 0048: the console's "Erase…" step. The typed confirmation is checked
// against the record on the server (the form cannot know whether it matches before the post).

export const ERASURE_MODES = ["anonymise", "delete"] as const;
export type ErasureModeChoice = (typeof ERASURE_MODES)[number];

/** The URL's word for each kind: the console's own section names. */
export const ERASURE_PATH_KINDS = { lead: "lead", application: "application", member: "client_user", client: "company" } as const;
export type ErasurePathKind = keyof typeof ERASURE_PATH_KINDS;

export function isErasurePathKind(value: string | undefined): value is ErasurePathKind {
  return value !== undefined && Object.hasOwn(ERASURE_PATH_KINDS, value);
}

export const erasureSchema = z.object({
  mode: z.enum(ERASURE_MODES, { error: "Choose Anonymise or Delete." }),
  confirmation: requiredText("Confirmation", 320, "Type it exactly to confirm."),
});

/** Whether the typed confirmation names the record: spaces around it and letter case do not matter. */
export function confirmationMatches(expected: string, typed: string): boolean {
  return expected.trim().toLowerCase() === typed.trim().toLowerCase();
}
