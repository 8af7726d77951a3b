import { z } from "~/lib/zod";
import { requiredText } from "./fields";

export const NOTE_MAX_LENGTH = 2000;

/** An internal staff note on a lead or an application. */
export const recordNoteSchema = z.object({
  text: requiredText("A note", NOTE_MAX_LENGTH, "Write a note first."),
});
