import { parseWithZod } from "@conform-to/zod/v4";
import { noSuchRequest } from "~/server/models/support/complaints.server";
import { STAFF_REPLY_FAILURE, STATUS_FAILURE } from "~/lib/console-failures";
import { isBlankReply } from "~/lib/schemas/complaints";
import { complaintStatusSchema, staffReplySchema } from "~/lib/schemas/complaints-staff";
import { ATTACHMENTS_NEED_TEXT } from "~/lib/attachments";
import { attachmentsByComplaint } from "~/server/models/support/attachments.server";
import { isMultipart, readAttachmentForm, withStoredAttachments, type SupportForm } from "~/server/uploads/attachment-upload.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";
import type { SessionUser } from "~/server/auth/actor.server";
import { addStaffReply, getComplaintForStaff, setComplaintStatus } from "~/server/models/support/complaints-staff.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { listComplaintNotes, listSupportStaff } from "~/server/models/support/complaint-desk.server";
import { listSavedReplies, savedReplyFor } from "~/server/models/support/saved-replies.server";
import { refusedFilesFor } from "~/server/models/inbound/inbound-console.server";
import { handleDeskAction } from "./complaint-desk.server";

/** The request when the viewer may see it; otherwise the same 404 as an unknown id (decision 0105). */
export async function requireVisibleComplaint(user: SessionUser, id: string) {
  const complaint = await getComplaintForStaff({ id, scope: await companyScope(user) });
  if (!complaint) throw new Response("No support request with this id.", { status: 404, statusText: "Not found" });
  return complaint;
}

/**
 * The thread as staff see it: the request, every reply, its company and the member who raised it;
 * the desk adds (assignee, priority, waiting since), the internal notes, the people it
 * can be assigned to and the saved replies, and `?saved=ID` fills the reply box without JavaScript.
 */
export async function loadComplaint(user: SessionUser, id: string, request: Request) {
  const complaint = await getComplaintForStaff({ id, scope: await companyScope(user) });
  if (!complaint) throw new Response("No support request with this id.", { status: 404, statusText: "Not found" });
  const {
    id: complaintId,
    subject,
    message,
    status,
    createdAt,
    updatedAt,
    replies,
    company,
    createdByUser,
    assigneeId,
    priority,
    waitingSince,
    closedAt,
    channel,
  } = complaint;
  const savedId = new URL(request.url).searchParams.get("saved");
  const [attachments, notes, supportStaff, savedReplies, prefill, refusedByMail] = await Promise.all([
    attachmentsByComplaint([complaintId]),
    listComplaintNotes(complaintId),
    listSupportStaff(company?.id ?? null),
    listSavedReplies(),
    savedId ? savedReplyFor(savedId, complaintId) : undefined,
    refusedFilesFor(complaintId),
  ]);
  return {
    now: Date.now(),
    complaint: {
      id: complaintId,
      subject,
      message,
      status,
      createdAt,
      updatedAt,
      replies,
      company,
      createdByUser,
      channel,
      attachments: attachments[complaintId] ?? [],
      refusedByMail,
      assigneeId,
      priority,
      waitingSince: waitingSince === null ? null : Number(waitingSince),
      closedAt: closedAt === null ? null : Number(closedAt),
    },
    notes,
    supportStaff,
    savedReplies: savedReplies.map((r) => ({ id: r.id, title: r.title })),
    /** The chosen saved reply, filled for this request; undefined when none or unknown. */
    prefill: prefill === undefined ? undefined : { savedId: savedId!, text: prefill },
  };
}

async function reply(user: SessionUser, complaintId: string, { formData, upload }: SupportForm) {
  const intent = "reply";
  // SPEC §5: blank after trimming is ignored — nothing stored, nothing mailed. Files need words with them.
  if (isBlankReply(formData.get("text"))) {
    const hadFiles = (upload?.files.length ?? 0) > 0;
    await upload?.discardAll();
    if (hadFiles) return formResult({ intent, status: "error", message: ATTACHMENTS_NEED_TEXT }, 400);
    return formResult({ intent, status: "ignored" });
  }
  const submission = parseWithZod(formData, { schema: staffReplySchema });
  if (submission.status !== "success") {
    await upload?.discardAll();
    return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  }
  try {
    // The reply and its files commit together, or neither stays.
    await withStoredAttachments(upload, (files) => addStaffReply(user, { complaintId, text: submission.value.text, files }));
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission });
    logger.error({ err: error }, "staff reply failed");
    return formResult({ intent, status: "error", message: STAFF_REPLY_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({
    intent,
    status: "success",
    message: "Reply sent. The client's company has been notified.",
    result: submission.reply({ resetForm: true }),
  });
}

async function changeStatus(user: SessionUser, complaintId: string, { formData, upload }: SupportForm) {
  await upload?.discardAll();
  const intent = "set-status";
  const submission = parseWithZod(formData, { schema: complaintStatusSchema });
  if (submission.status !== "success")
    return formResult({ intent, status: "invalid", message: "Choose Pending or Resolved.", result: submission.reply() }, 400);
  try {
    const change = await setComplaintStatus(user, { complaintId, status: submission.value.status });
    if (!change.changed) return formResult({ intent, status: "unchanged", message: `Already ${submission.value.status}.` });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent });
    logger.error({ err: error }, "complaint status change failed");
    return formResult({ intent, status: "error", message: STATUS_FAILURE }, 500);
  }
  return formResult({ intent, status: "success", message: `Marked ${submission.value.status}. The client's company has been notified.` });
}

const INTENTS = ["reply", "set-status", "assign", "set-priority", "add-note"] as const;

/** The thread's forms: a staff reply, a status change (Pending again is a reopen), and the desk's. */
export async function handleComplaintAction(user: SessionUser, complaintId: string, request: Request) {
  // With files the form is multipart and streamed; without, the ordinary capped form reader.
  const form = isMultipart(request) ? await readAttachmentForm(request) : { formData: await readForm(request), upload: null };
  // Only the reply form carries files.
  if ("refused" in form) return formResult({ intent: "reply", status: "error", message: form.refused }, 400);
  const intent = requireIntent(form.formData, INTENTS);
  // A request of a company the viewer may not see answers as one that is gone (decision 0105).
  if (!(await getComplaintForStaff({ id: complaintId, scope: await companyScope(user) }))) {
    await form.upload?.discardAll();
    return refusalResult(noSuchRequest(), { intent });
  }
  if (intent === "reply") return reply(user, complaintId, form);
  if (intent === "set-status") return changeStatus(user, complaintId, form);
  await form.upload?.discardAll();
  return handleDeskAction(user, complaintId, intent, form.formData);
}
