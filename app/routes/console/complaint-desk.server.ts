import { parseWithZod } from "@conform-to/zod/v4";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { assignSchema, noteSchema, prioritySchema } from "~/lib/schemas/support-desk";
import { PRIORITY_LABELS } from "~/lib/support-desk";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult } from "~/server/http/form-result.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { addComplaintNote, assignComplaint, setComplaintPriority, type DeskOutcome } from "~/server/models/support/complaint-desk.server";

// The request page's desk forms — assign, priority, internal note (decision 0044).

type DeskIntent = "assign" | "set-priority" | "add-note";

function answer(intent: DeskIntent, result: DeskOutcome, done: string) {
  if (result === "unchanged") return formResult({ intent, status: "unchanged", message: "Nothing to change." });
  return formResult({ intent, status: "success", message: done });
}

async function assign(user: SessionUser, complaintId: string, formData: FormData) {
  const intent = "assign";
  const submission = parseWithZod(formData, { schema: assignSchema });
  if (submission.status !== "success")
    return formResult({ intent, status: "invalid", message: "Choose who to assign.", result: submission.reply() }, 400);
  const choice = submission.value.assignee;
  const assigneeId = choice === "none" ? null : choice === "me" ? user.id : choice;
  const result = await assignComplaint(user, { complaintId, assigneeId });
  return answer(intent, result, assigneeId === null ? "Unassigned." : assigneeId === user.id ? "Assigned to you." : "Assigned.");
}

async function priority(user: SessionUser, complaintId: string, formData: FormData) {
  const intent = "set-priority";
  const submission = parseWithZod(formData, { schema: prioritySchema });
  if (submission.status !== "success")
    return formResult({ intent, status: "invalid", message: "Choose Low, Normal, High or Urgent.", result: submission.reply() }, 400);
  const result = await setComplaintPriority(user, { complaintId, priority: submission.value.priority });
  return answer(intent, result, `Priority set to ${PRIORITY_LABELS[submission.value.priority]}.`);
}

async function note(user: SessionUser, complaintId: string, formData: FormData) {
  const intent = "add-note";
  const submission = parseWithZod(formData, { schema: noteSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    await addComplaintNote(user, { complaintId, text: submission.value.text });
  } catch (error) {
    return refusalResult(error, { intent, submission });
  }
  return formResult({
    intent,
    status: "success",
    message: "Note added. Only staff can see it.",
    result: submission.reply({ resetForm: true }),
  });
}

export async function handleDeskAction(user: SessionUser, complaintId: string, intent: DeskIntent, formData: FormData) {
  try {
    if (intent === "assign") return await assign(user, complaintId, formData);
    if (intent === "set-priority") return await priority(user, complaintId, formData);
    return await note(user, complaintId, formData);
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent });
    logger.error({ err: error }, `support desk ${intent} failed`);
    return formResult({ intent, status: "error", message: CHANGE_FAILURE }, 500);
  }
}
