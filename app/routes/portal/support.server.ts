import { parseWithZod } from "@conform-to/zod/v4";
import { COMPLAINT_SUBMIT_FAILURE, REPLY_FAILURE } from "~/lib/portal";
import { complaintSchema, isBlankReply, replySchema } from "~/lib/schemas/complaints";
import { addReply, createComplaint } from "~/server/models/complaints.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import type { ClientUser } from "~/server/auth/session.server";

async function raiseComplaint(user: ClientUser, formData: FormData) {
  const intent = "create-complaint";
  const submission = parseWithZod(formData, { schema: complaintSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    await createComplaint({ companyId: user.companyId, createdBy: user.id }, submission.value);
  } catch (error) {
    logger.error({ err: error }, "complaint submit failed");
    return formResult({ intent, status: "error", message: COMPLAINT_SUBMIT_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", result: submission.reply({ resetForm: true }) });
}

async function reply(user: ClientUser, formData: FormData) {
  const intent = "reply";
  const rawId = formData.get("complaintId");
  const targetId = typeof rawId === "string" ? rawId : undefined;
  // SPEC §5: blank after trimming is ignored — nothing stored, nothing to correct.
  if (isBlankReply(formData.get("text"))) return formResult({ intent, status: "ignored", targetId });
  const submission = parseWithZod(formData, { schema: replySchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", targetId, result: submission.reply() }, 400);
  try {
    const stored = await addReply({ complaintId: submission.value.complaintId, companyId: user.companyId, memberName: user.name }, submission.value.text);
    // Another client's complaint answers exactly like one that does not exist.
    if (!stored) return formResult({ intent, status: "error", targetId, message: REPLY_FAILURE, result: submission.reply() }, 404);
  } catch (error) {
    logger.error({ err: error }, "reply failed");
    return formResult({ intent, status: "error", targetId, message: REPLY_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", targetId, result: submission.reply({ resetForm: true }) });
}

/** The Support panel's forms: a new request, or a reply on one of the client's own requests. */
export async function handleSupportAction(user: ClientUser, request: Request) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["create-complaint", "reply"]);
  return intent === "create-complaint" ? raiseComplaint(user, formData) : reply(user, formData);
}
