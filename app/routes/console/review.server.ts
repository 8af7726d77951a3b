import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "~/lib/zod";
import { recordNoteSchema } from "~/lib/schemas/record-note";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { isRefusal } from "~/lib/refusal";
import { NOTE_INTENT } from "~/lib/schemas/review";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";

interface ReviewOptions<K extends string, V extends string> {
  /** The pipeline field and the intent of its form: "status" or "stage". */
  field: K;
  schema: z.ZodType<Record<K, V>>;
  change: (value: V) => Promise<"changed" | "unchanged">;
  note: (text: string) => Promise<void>;
}

/**
 * The action of a lead's or an application's page. Each form is parsed by its own schema, which
 * knows one field: nothing else posted (ids, names, other columns) can reach the database.
 */
export async function reviewAction<K extends string, V extends string>(request: Request, options: ReviewOptions<K, V>) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, [options.field, NOTE_INTENT]);
  try {
    if (intent === NOTE_INTENT) {
      const submission = parseWithZod(formData, { schema: recordNoteSchema });
      if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
      await options.note(submission.value.text);
      return formResult({ intent, status: "success", result: submission.reply({ resetForm: true }) });
    }
    const submission = parseWithZod(formData, { schema: options.schema });
    if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
    await options.change(submission.value[options.field]);
    return formResult({ intent, status: "success", result: submission.reply() });
  } catch (error) {
    // An unknown record is the page's "not found", not a message in the form.
    if (isRefusal(error)) throw refusalResponse(error, "Not found");
    logger.error({ err: error, intent }, "console review action failed");
    return formResult({ intent, status: "error", message: CHANGE_FAILURE }, 500);
  }
}
