import { parseWithZod } from "@conform-to/zod/v4";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { savedReplySchema } from "~/lib/schemas/support-desk";
import type { SessionUser } from "~/server/auth/actor.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent, requireTargetId } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { createSavedReply, deleteSavedReply, updateSavedReply } from "~/server/models/support/saved-replies.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";

/** The Saved replies page's forms: save (new, or an edit when it names an id) and delete. */
export async function handleSavedReplyAction(user: SessionUser, request: Request) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save", "delete"]);
  if (intent === "delete") {
    const id = requireTargetId(formData);
    try {
      await deleteSavedReply(user, id);
    } catch (error) {
      if (isRefusal(error)) return refusalResult(error, { intent, targetId: id });
      logger.error({ err: error }, "saved reply delete failed");
      return formResult({ intent, targetId: id, status: "error", message: CHANGE_FAILURE }, 500);
    }
    return formResult({ intent, targetId: id, status: "success", message: "Saved reply deleted." });
  }
  const id = formData.get("id") ? requireTargetId(formData) : undefined;
  const submission = parseWithZod(formData, { schema: savedReplySchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    if (id) {
      await updateSavedReply(user, id, submission.value);
      return formResult({
        intent,
        targetId: id,
        status: "success",
        message: `Saved “${submission.value.title}”.`,
        result: submission.reply(),
      });
    }
    await createSavedReply(user, submission.value);
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission });
    logger.error({ err: error }, "saved reply save failed");
    return formResult({ intent, status: "error", message: CHANGE_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({
    intent,
    status: "success",
    message: `Added “${submission.value.title}”.`,
    result: submission.reply({ resetForm: true }),
  });
}
