import { buffer } from "node:stream/consumers";
import { Refusal } from "~/lib/refusal";
import { PURGED_ORIGINAL } from "./inbound-console.server";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { parseInbound } from "~/server/mail/inbound-parse.server";
import { fileStore } from "~/server/storage/storage.server";
import { recordAudit } from "../shared/audit.server";
import { getInbound } from "./inbound-messages.server";
import { authservId, routeToDesk } from "./inbound-routing.server";
import { memberByAddress } from "./inbound-threads.server";

// Decision 0101: an admin attaches a held message to a request of its sender's company, or opens
// a request with it for a company its sender belongs to; it is then routed as if it had matched
// (the desk's rules, attachments, alerts), from its stored bytes. Staff judgement replaces the
// check that held it (a failing DKIM, a limit, a token of another company's request), never the
// rule that a request's text comes from one of its company's members: a stranger is invited first.

export type AssignTarget = { complaintId: string } | { companyId: string };

export async function assignInbound(actor: Actor, id: string, target: AssignTarget): Promise<{ complaintId: string }> {
  const row = await getInbound(id);
  if (!row) throw new Refusal("not-found", "This message is no longer here.");
  if (row.status !== "held") throw new Refusal("conflict", `Only held messages can be assigned; this one is ${row.status}.`);
  if (row.purgedAt !== null) throw new Refusal("conflict", PURGED_ORIGINAL);
  const mail = await parseInbound(await buffer((await fileStore().read(row.rawKey)).stream), authservId());
  if (mail.automatic || !mail.from) throw new Refusal("conflict", "Machine mail and mail without a sender are never assigned.");
  const companyId =
    "companyId" in target
      ? target.companyId
      : (await db().selectFrom("complaints").select("companyId").where("id", "=", target.complaintId).executeTakeFirst())?.companyId;
  if (!companyId) throw new Refusal("not-found", "There is no request with this id.", { field: "complaintId" });
  const member = await memberByAddress(mail.from, companyId);
  if (!member)
    throw new Refusal("unprocessable", `${mail.from} is not a member of that company; invite them first, then try again.`, {
      field: "companyId" in target ? "companyId" : "complaintId",
    });
  const complaintId = "complaintId" in target ? target.complaintId : null;
  await routeToDesk(id, mail, member, complaintId, (trx) =>
    recordAudit(trx, actor, { action: "inbound.assign", entity: "inbound_message", entityId: id, detail: { ...target, from: mail.from } }),
  );
  const after = (await getInbound(id))!;
  if (after.status !== "routed" || !after.complaintId) throw new Refusal("conflict", after.reason ?? "The message could not be assigned.");
  return { complaintId: after.complaintId };
}
