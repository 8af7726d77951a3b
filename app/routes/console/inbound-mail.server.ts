import { parseWithZod } from "@conform-to/zod/v4";
import { assignCompanySchema, assignRequestSchema, inboundRetrySchema, unknownSendersSchema } from "~/lib/schemas/inbound-mail";
import { assignInbound } from "~/server/models/inbound/inbound-assign.server";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import {
  companyChoices,
  INBOUND_FILTERS,
  listInbound,
  retryInbound,
  type InboundFilter,
} from "~/server/models/inbound/inbound-console.server";
import { imapStatus } from "~/server/models/inbound/imap-status.server";
import { processSoon } from "~/server/models/inbound/inbound-sweep.server";
import { getSettings, updateSettings } from "~/server/models/shared/settings.server";

export async function inboundPageData(url: URL) {
  const raw = url.searchParams.get("status") ?? "all";
  const filter: InboundFilter = (INBOUND_FILTERS as readonly string[]).includes(raw) ? (raw as InboundFilter) : "all";
  const [messages, settings, imap] = await Promise.all([
    listInbound(filter === "all" ? {} : { status: filter }),
    getSettings(),
    imapStatus(),
  ]);
  const companies = messages.some((m) => m.status === "held") ? await companyChoices() : [];
  return { filter, messages, companies, imap, unknownSenders: settings.inboundLeads ? ("lead" as const) : ("hold" as const) };
}

/** "Try again": back in the queue, and this process takes it at once. */
export async function retryMessage(user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: inboundRetrySchema });
  if (submission.status !== "success") return formResult({ intent: "retry", status: "invalid", result: submission.reply() }, 400);
  const id = submission.value.messageId;
  try {
    await retryInbound(user, id);
  } catch (error) {
    return refusalResult(error, { intent: "retry", targetId: id });
  }
  processSoon(id);
  return formResult({ intent: "retry", status: "success", targetId: id, message: "Queued again: it is processed in a moment." });
}

/** Decision 0101: "Mail from unknown addresses: create a lead / hold for review" (audited as a setting). */
export async function saveUnknownSenders(user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: unknownSendersSchema });
  if (submission.status !== "success") return formResult({ intent: "unknown-senders", status: "invalid", result: submission.reply() }, 400);
  await updateSettings(user, { inboundLeads: submission.value.unknownSenders === "lead" });
  const message =
    submission.value.unknownSenders === "lead"
      ? "Mail from unknown addresses now creates a lead."
      : "Mail from unknown addresses is now held for review.";
  return formResult({ intent: "unknown-senders", status: "success", message });
}

/** Decision 0101: "Assign by hand": a held message to a request of its sender's company, or a new request. */
export async function assignMessage(user: SessionUser, formData: FormData, intent: "assign-request" | "assign-company") {
  const submission =
    intent === "assign-request"
      ? parseWithZod(formData, { schema: assignRequestSchema })
      : parseWithZod(formData, { schema: assignCompanySchema });
  const rawId = formData.get("messageId");
  const targetId = typeof rawId === "string" ? rawId : undefined;
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply(), targetId }, 400);
  const { messageId } = submission.value;
  const target =
    "complaintId" in submission.value ? { complaintId: submission.value.complaintId } : { companyId: submission.value.companyId };
  try {
    await assignInbound(user, messageId, target);
  } catch (error) {
    return refusalResult(error, { intent, targetId: messageId });
  }
  return formResult({ intent, status: "success", targetId: messageId, message: "Assigned: the message is on the request." });
}
