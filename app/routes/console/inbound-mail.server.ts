import { parseWithZod } from "@conform-to/zod/v4";
import { inboundRetrySchema } from "~/lib/schemas/inbound-mail";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { INBOUND_FILTERS, listInbound, retryInbound, type InboundFilter } from "~/server/models/inbound/inbound-console.server";
import { imapStatus } from "~/server/models/inbound/imap-status.server";
import { processSoon } from "~/server/models/inbound/inbound-sweep.server";

export async function inboundPageData(url: URL) {
  const raw = url.searchParams.get("status") ?? "all";
  const filter: InboundFilter = (INBOUND_FILTERS as readonly string[]).includes(raw) ? (raw as InboundFilter) : "all";
  const [messages, imap] = await Promise.all([listInbound(filter === "all" ? {} : { status: filter }), imapStatus()]);
  return { filter, messages, imap };
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
