import { buffer } from "node:stream/consumers";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { db, type Trx } from "~/server/db/db.server";
import { parseInbound, type InboundMail } from "~/server/mail/inbound-parse.server";
import { fileStore } from "~/server/storage/storage.server";
import { stageMailFiles, type RefusedFile } from "~/server/uploads/mail-attachments.server";
import { withStoredAttachments } from "~/server/uploads/attachment-upload.server";
import { addEmailReply, createEmailComplaint, type EmailOutcome } from "../support/email-replies.server";
import { complaintLink } from "~/lib/links";
import { routeUnknownSender } from "./inbound-leads.server";
import { queueRefusedNotice } from "./inbound-refused-notice.server";
import { limitReason } from "./inbound-limits.server";
import { routeProjectReply } from "./inbound-projects.server";
import { memberByAddress, threadOf } from "./inbound-threads.server";
import { routeStaffMail, staffSender } from "./inbound-staff.server";
import { claimInbound, dueInboundIds, recordFailure, recordHeaders, recordOutcome, type Outcome } from "./inbound-messages.server";

// Decision 0096: one stored message, processed from its stored bytes. Machine mail is ignored;
// a failing SPF/DKIM/DMARC result, an unknown sender or a sender outside the request's company is
// held for staff; a member's mail becomes a reply (by its token, else its headers) or a new request.

/** The trusted authserv-id: INBOUND_AUTHSERV_ID, else the reply address's domain. */
export function authservId(): string | undefined {
  const env = getEnv();
  return env.INBOUND_AUTHSERV_ID ?? env.INBOUND_REPLY_ADDRESS?.split("@")[1];
}

const held = (reason: string): Outcome => ({ status: "held", reason });

/** What becomes of the mail; writes a routed outcome in the transaction that routes it. */
async function route(id: string, mail: InboundMail): Promise<Outcome | null> {
  if (mail.automatic) return { status: "ignored", reason: mail.automatic };
  const failing = mail.auth && (["spf", "dkim", "dmarc"] as const).filter((m) => ["fail", "permerror"].includes(mail.auth![m]));
  if (failing && failing.length > 0) return held(`Authentication failed: ${failing.map((m) => `${m}=${mail.auth![m]}`).join(", ")}.`);
  if (!mail.from) return held("The message has no sender address.");
  const limited = await limitReason(mail.from);
  if (limited) return held(limited);
  const thread = await threadOf(mail);
  if (thread && "projectId" in thread) return routeProjectReply(id, { ...mail, from: mail.from }, thread.projectId);
  const complaintId = thread?.complaintId ?? null;
  const complaint = complaintId
    ? await db().selectFrom("complaints").select(["id", "companyId"]).where("id", "=", complaintId).executeTakeFirst()
    : undefined;
  if (complaintId && !complaint) return held("The request it answers no longer exists.");
  const member = await memberByAddress(mail.from, complaint ? complaint.companyId : undefined);
  if (!member && complaint) {
    const staff = await staffSender({ ...mail, from: mail.from }, complaint.id);
    if (staff) return routeStaffMail(id, mail, staff, complaint.id);
    return held("The sender is not a member of the request's company.");
  }
  if (!member) return routeUnknownSender(id, { ...mail, from: mail.from });
  if (!mail.text && mail.attachments.length === 0) return held("The message has no text.");
  return routeToDesk(id, mail, member, complaint?.id ?? null);
}

/** A member's reply on `complaintId`, or their new request without one. */
export async function routeToDesk(
  id: string,
  mail: InboundMail,
  member: NonNullable<Awaited<ReturnType<typeof memberByAddress>>>,
  complaintId: string | null,
  /** Written in the routing transaction when a reply or request was added (the hand assignment's audit). */
  onAdded?: (trx: Trx) => Promise<void>,
): Promise<Outcome | null> {
  const { upload, refused } = await stageMailFiles(mail.attachments);
  const text = mail.text || "(attachments sent by e-mail)";
  const mark = (kind: "reply" | "complaint") => async (trx: Trx, outcome: EmailOutcome) => {
    await recordOutcome(trx, id, outcomeOf(id, kind, outcome, refused));
    if (outcome.kind !== "added") return;
    if (onAdded) await onAdded(trx);
    const where = kind === "reply" ? "your support request" : "our support desk as a new request";
    await queueRefusedNotice(trx, {
      inboundId: id,
      to: member.email,
      files: refused,
      where,
      link: complaintLink("client", outcome.complaintId),
    });
  };
  const outcome = await withStoredAttachments(upload, async (files) => {
    const result = complaintId
      ? await addEmailReply({ id, complaintId, member, text, files, mark: mark("reply") })
      : await createEmailComplaint({ id, member, subject: mail.subject, text, files, mark: mark("complaint") });
    // Files stay only with a reply or request that was written.
    return result.kind === "added" ? result : undefined;
  });
  if (!outcome) await upload.discardAll();
  return null; // written by `mark`
}

/** The reply's row id is the inbound message's (email-replies.server.ts), the request's too. */
function outcomeOf(id: string, kind: "reply" | "complaint", outcome: EmailOutcome, refused: RefusedFile[]): Outcome {
  if (outcome.kind === "refused") return { ...held(outcome.reason), refusedFiles: refused };
  if (outcome.kind === "duplicate") return { status: "routed", reason: "Already routed.", routedKind: kind };
  return { status: "routed", reason: null, routedKind: kind, routedId: id, complaintId: outcome.complaintId, refusedFiles: refused };
}

/** Claims and processes one message; false when another process has it or it is not due. */
export async function processInbound(id: string, now = Date.now()): Promise<boolean> {
  const claim = await claimInbound(id, now);
  if (!claim) return false;
  try {
    const raw = await buffer((await fileStore().read(claim.rawKey)).stream);
    const mail = await parseInbound(raw, authservId());
    await recordHeaders(id, { from: mail.from, subject: mail.subject, auth: mail.auth });
    const outcome = await route(id, mail);
    if (outcome) await recordOutcome(db(), id, outcome);
    logger.info({ inbound: id, outcome: outcome?.status ?? "routed" }, "inbound mail processed");
  } catch (error) {
    logger.error({ err: error, inbound: id }, "inbound mail failed; retried later");
    await recordFailure(id, claim.attempts, error);
  }
  return true;
}

/** Every due message, one after the other: the boot sweep and the periodic one. */
export async function processDueInbound(now = Date.now()): Promise<number> {
  let done = 0;
  for (const id of await dueInboundIds(now)) if (await processInbound(id)) done += 1;
  return done;
}
