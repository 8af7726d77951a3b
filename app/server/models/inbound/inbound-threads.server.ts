import { db } from "~/server/db/db.server";
import type { InboundMail } from "~/server/mail/inbound-parse.server";
import { claimsIn, messageHashesIn } from "~/server/mail/reply-token.server";

// Decisions 0096 and 0101: what a reply answers: a support request or a project, by its token
// first, then by the Message-IDs it answers (newest first; In-Reply-To comes first in `references`).

export type Thread = { complaintId: string } | { projectId: string };

export async function threadOf(mail: InboundMail): Promise<Thread | null> {
  const claim = claimsIn(mail.recipients)[0];
  if (claim?.complaintId) return { complaintId: claim.complaintId };
  if (claim?.projectId) return { projectId: claim.projectId };
  const hashes = messageHashesIn(mail.references);
  if (hashes.length === 0) return null;
  const [requests, projects] = await Promise.all([
    db().selectFrom("mailThreads").select(["messageHash", "complaintId"]).where("messageHash", "in", hashes).execute(),
    db().selectFrom("projectMailThreads").select(["messageHash", "projectId"]).where("messageHash", "in", hashes).execute(),
  ]);
  for (const hash of hashes) {
    const request = requests.find((r) => r.messageHash === hash);
    if (request) return { complaintId: request.complaintId };
    const project = projects.find((r) => r.messageHash === hash);
    if (project) return { projectId: project.projectId };
  }
  return null;
}

/** A client member with this address (any company when `companyId` is not given). */
export async function memberByAddress(address: string, companyId?: string | null) {
  let query = db()
    .selectFrom("users")
    .select(["id", "email", "name", "companyId"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", address.toLowerCase()))
    .where("role", "=", "client")
    .where("companyId", "is not", null);
  if (companyId !== undefined) query = query.where("companyId", "=", companyId);
  const row = await query.executeTakeFirst();
  return row?.companyId ? { ...row, companyId: row.companyId } : null;
}
