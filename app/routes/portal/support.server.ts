import { parseWithZod } from "@conform-to/zod/v4";
import { COMPLAINT_SUBMIT_FAILURE, REPLY_FAILURE } from "~/lib/portal";
import { complaintSchema, isBlankReply, replySchema } from "~/lib/schemas/complaints";
import { ATTACHMENTS_NEED_TEXT, REPLY_TARGET_PARAM } from "~/lib/attachments";
import { addReply, createComplaint } from "~/server/models/support/complaints.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";
import { closeComplaint, reopenComplaint } from "~/server/models/support/complaint-closing.server";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { isMultipart, readAttachmentForm, withStoredAttachments, type SupportForm } from "~/server/uploads/attachment-upload.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import type { ClientUser } from "~/server/auth/session.server";

async function raiseComplaint(user: ClientUser, { formData, upload }: SupportForm) {
  const intent = "create-complaint";
  const submission = parseWithZod(formData, { schema: complaintSchema });
  if (submission.status !== "success") {
    await upload?.discardAll();
    return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  }
  try {
    // The request and its files commit together, or neither stays.
    await withStoredAttachments(upload, (files) =>
      createComplaint({ companyId: user.companyId, createdBy: user.id }, submission.value, Date.now(), { by: user, files }),
    );
  } catch (error) {
    logger.error({ err: error }, "complaint submit failed");
    return formResult({ intent, status: "error", message: COMPLAINT_SUBMIT_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", result: submission.reply({ resetForm: true }) });
}

async function reply(user: ClientUser, { formData, upload }: SupportForm) {
  const intent = "reply";
  const rawId = formData.get("complaintId");
  const targetId = typeof rawId === "string" ? rawId : undefined;
  // SPEC §5: blank after trimming is ignored — nothing stored, nothing to correct. Files need words with them.
  if (isBlankReply(formData.get("text"))) {
    const hadFiles = (upload?.files.length ?? 0) > 0;
    await upload?.discardAll();
    if (hadFiles) return formResult({ intent, status: "error", targetId, message: ATTACHMENTS_NEED_TEXT }, 400);
    return formResult({ intent, status: "ignored", targetId });
  }
  const submission = parseWithZod(formData, { schema: replySchema });
  if (submission.status !== "success") {
    await upload?.discardAll();
    return formResult({ intent, status: "invalid", targetId, result: submission.reply() }, 400);
  }
  try {
    await withStoredAttachments(upload, (files) =>
      addReply({ complaintId: submission.value.complaintId, companyId: user.companyId, member: user }, submission.value.text, Date.now(), {
        by: user,
        files,
      }),
    );
  } catch (error) {
    // Another company's request answers exactly like one that does not exist: 404 with the reply's failure text.
    if (isRefusal(error, "not-found")) return refusalResult(error, { intent, targetId, submission, message: REPLY_FAILURE });
    if (isRefusal(error)) return refusalResult(error, { intent, targetId, submission });
    logger.error({ err: error }, "reply failed");
    return formResult({ intent, status: "error", targetId, message: REPLY_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", targetId, result: submission.reply({ resetForm: true }) });
}

/** A member closes their company's request, or reopens it within 30 days of closing. */
async function closeOrReopen(user: ClientUser, intent: "close" | "reopen", formData: FormData) {
  const raw = formData.get("complaintId");
  const targetId = typeof raw === "string" && /^[\w-]{1,64}$/.test(raw) ? raw : undefined;
  if (!targetId) return formResult({ intent, status: "error", message: "Unknown request." }, 400);
  try {
    const outcome = intent === "close" ? await closeComplaint(user, targetId) : await reopenComplaint(user, targetId);
    if (outcome === "unchanged")
      return formResult({
        intent,
        status: "unchanged",
        targetId,
        message: intent === "close" ? "This request is already closed." : "This request is open.",
      });
  } catch (error) {
    // Another company's request (404) answers exactly like one that does not exist; too late to reopen is 409.
    if (isRefusal(error)) return refusalResult(error, { intent, targetId });
    logger.error({ err: error }, `complaint ${intent} failed`);
    return formResult({ intent, status: "error", targetId, message: CHANGE_FAILURE }, 500);
  }
  return formResult({
    intent,
    status: "success",
    targetId,
    message: intent === "close" ? "Request closed. You can reopen it within 30 days." : "Request reopened. We will reply here.",
  });
}

/** The Support panel's forms: a new request, or a reply on one of the client's own requests (both may carry files); close and reopen. */
export async function handleSupportAction(user: ClientUser, request: Request) {
  // With files the form is multipart and streamed; without, the ordinary capped form reader.
  const form = isMultipart(request) ? await readAttachmentForm(request) : { formData: await readForm(request), upload: null };
  if ("refused" in form) {
    // Refused before the fields were read: the form's URL says which one it was.
    const targetId = new URL(request.url).searchParams.get(REPLY_TARGET_PARAM) ?? undefined;
    return formResult({ intent: targetId ? "reply" : "create-complaint", status: "error", message: form.refused, targetId }, 400);
  }
  const intent = requireIntent(form.formData, ["create-complaint", "reply", "close", "reopen"]);
  if (intent === "close" || intent === "reopen") {
    await form.upload?.discardAll();
    return closeOrReopen(user, intent, form.formData);
  }
  return intent === "create-complaint" ? raiseComplaint(user, form) : reply(user, form);
}
