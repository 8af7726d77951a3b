import { parseWithZod } from "@conform-to/zod/v4";
import { STAFF_REPLY_FAILURE, STATUS_FAILURE } from "~/lib/console-failures";
import { isBlankReply } from "~/lib/schemas/complaints";
import { complaintStatusSchema, staffReplySchema } from "~/lib/schemas/complaints-staff";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import type { SessionUser } from "~/server/auth/actor.server";
import { addStaffReply, getInboxComplaint, setComplaintStatus } from "~/server/models/complaints-staff.server";

const NOT_FOUND = "This support request no longer exists.";

/** The thread as staff see it: the request, every reply, its company and the member who raised it. */
export async function loadComplaint(id: string) {
  const complaint = await getInboxComplaint({ id });
  if (!complaint) throw new Response("No support request with this id.", { status: 404, statusText: "Not found" });
  const { id: complaintId, subject, message, status, createdAt, updatedAt, replies, company, createdByUser } = complaint;
  return { complaint: { id: complaintId, subject, message, status, createdAt, updatedAt, replies, company, createdByUser } };
}

async function reply(user: SessionUser, complaintId: string, formData: FormData) {
  const intent = "reply";
  // SPEC §5: blank after trimming is ignored — nothing stored, nothing mailed.
  if (isBlankReply(formData.get("text"))) return formResult({ intent, status: "ignored" });
  const submission = parseWithZod(formData, { schema: staffReplySchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    const stored = await addStaffReply(user, { complaintId, text: submission.value.text });
    if (!stored) return formResult({ intent, status: "error", message: NOT_FOUND, result: submission.reply() }, 404);
  } catch (error) {
    logger.error({ err: error }, "staff reply failed");
    return formResult({ intent, status: "error", message: STAFF_REPLY_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", message: "Reply sent. The client has been e-mailed.", result: submission.reply({ resetForm: true }) });
}

async function changeStatus(user: SessionUser, complaintId: string, formData: FormData) {
  const intent = "set-status";
  const submission = parseWithZod(formData, { schema: complaintStatusSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", message: "Choose Pending or Resolved.", result: submission.reply() }, 400);
  try {
    const change = await setComplaintStatus(user, { complaintId, status: submission.value.status });
    if (!change) return formResult({ intent, status: "error", message: NOT_FOUND }, 404);
    if (!change.changed) return formResult({ intent, status: "unchanged", message: `Already ${submission.value.status}.` });
  } catch (error) {
    logger.error({ err: error }, "complaint status change failed");
    return formResult({ intent, status: "error", message: STATUS_FAILURE }, 500);
  }
  return formResult({ intent, status: "success", message: `Marked ${submission.value.status}. The client has been e-mailed.` });
}

/** The thread's two forms: a staff reply, or a status change (Pending again is a reopen). */
export async function handleComplaintAction(user: SessionUser, complaintId: string, request: Request) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["reply", "set-status"]);
  return intent === "reply" ? reply(user, complaintId, formData) : changeStatus(user, complaintId, formData);
}
