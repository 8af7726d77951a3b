import { AREA_ROLES } from "~/lib/staff-roles";
import { companyScope, inScope } from "../shared/company-scope.server";
import { db, type Trx } from "~/server/db/db.server";
import type { InboundMail } from "~/server/mail/inbound-parse.server";
import { claimsIn, isRecipient } from "~/server/mail/reply-token.server";
import { stageMailFiles } from "~/server/uploads/mail-attachments.server";
import { withStoredAttachments } from "~/server/uploads/attachment-upload.server";
import { addComplaintNote } from "../support/complaint-desk.server";
import { addStaffReply } from "../support/complaints-staff.server";
import { recordOutcome, type Outcome } from "./inbound-messages.server";

// Decision 0102: a member of staff answers a desk alert from their own mail program. Trusted only
// when the mail goes to the reply address that alert gave that very person (a token made for them,
// which only their mailbox received), comes from their own address, and they are still active
// staff with Support; anything else from a staff address is held like a stranger's. A first line
// of "#note" makes the rest an internal note, which never reaches the client; otherwise it is a
// staff reply, mailed to the company as one written in the console.

export const NOTE_KEYWORD = "#note";
const NOTE_FILES = "Internal notes take no files; attach it from the console.";

/** The staff member this mail may speak for on `complaintId`, or null. */
export async function staffSender(mail: InboundMail & { from: string }, complaintId: string) {
  const claim = claimsIn(mail.recipients).find((c) => c.complaintId === complaintId);
  if (!claim) return null;
  const staff = await db()
    .selectFrom("users")
    .select(["id", "email", "name"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", mail.from.toLowerCase()))
    .where("role", "=", "employee")
    .where("staffDisabledAt", "is", null)
    .where("staffRole", "in", [...AREA_ROLES.support])
    .executeTakeFirst();
  if (!staff || !isRecipient(claim, staff.id)) return null;
  // Only while they may see the request's company (decision 0105): an assignment that ended ends it.
  const request = await db().selectFrom("complaints").select("companyId").where("id", "=", complaintId).executeTakeFirst();
  return request && inScope(await companyScope(staff), request.companyId) ? staff : null;
}

/** "#note" on the first line: the rest is the note; null when it is a reply. */
export function noteText(text: string): string | null {
  const [first, ...rest] = text.split("\n");
  return first?.trim().toLowerCase() === NOTE_KEYWORD ? rest.join("\n").trim() : null;
}

export async function routeStaffMail(
  id: string,
  mail: InboundMail,
  staff: { id: string; email: string; name: string },
  complaintId: string,
): Promise<Outcome | null> {
  const note = noteText(mail.text);
  const mark =
    (kind: "staff-reply" | "note", refused: Outcome["refusedFiles"]) =>
    (trx: Trx, added: boolean): Promise<void> =>
      recordOutcome(
        trx,
        id,
        added
          ? { status: "routed", reason: null, routedKind: kind, routedId: id, complaintId, refusedFiles: refused }
          : { status: "routed", reason: "Already routed.", routedKind: kind, complaintId },
      );
  if (note !== null) {
    if (!note) return { status: "held", reason: "The note has no text after #note." };
    const refused = mail.attachments.map((file) => ({ name: file.filename ?? "attachment", reason: NOTE_FILES }));
    await addComplaintNote(staff, { complaintId, text: note }, Date.now(), { id, mark: mark("note", refused) });
    return null;
  }
  if (!mail.text) return { status: "held", reason: "The message has no text." };
  const { upload, refused } = await stageMailFiles(mail.attachments);
  const added = await withStoredAttachments(upload, (files) =>
    addStaffReply(staff, { complaintId, text: mail.text, files }, Date.now(), { id, mark: mark("staff-reply", refused) }),
  );
  if (!added) await upload.discardAll();
  return null;
}
