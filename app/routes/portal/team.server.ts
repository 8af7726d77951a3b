import { parseWithZod } from "@conform-to/zod/v4";
import { VERIFY_BEFORE_INVITING } from "~/lib/client-invitations";
import { clientInviteSchema, removeTeammateSchema } from "~/lib/schemas/client-invitations";
import type { ClientUser } from "~/server/auth/session.server";
import { hitRateLimit, type RateRule } from "~/server/defence/rate-limit.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent, requireTargetId } from "~/server/http/form-result.server";
import { inviteClient, revokeClientInvitation } from "~/server/models/companies/client-invitations.server";
import { removeTeammate } from "~/server/models/companies/client-members.server";
import { isRefusal } from "~/lib/refusal";
import { receivesInvoicesMessage } from "~/lib/members";
import { receivesInvoicesSchema } from "~/lib/schemas/invoices";
import { setReceivesInvoices } from "~/server/models/billing/billing-contacts.server";
import { refusalResult } from "~/server/http/refusal.server";

// A company's client admin invites and removes teammates from the portal, and chooses who of
// them receives the company's invoices (decision 0089).

/** A client admin could otherwise have us mail any number of strangers (docs/security.md "Rate limits"). */
export const TEAM_INVITATIONS_PER_COMPANY: RateRule = { limit: 20, windowMs: 24 * 3_600_000 };
export const TOO_MANY_INVITATIONS =
  "Your company has sent many invitations today. Please try again tomorrow, or ask us to invite more people.";

const INTENTS = ["invite", "remove", "revoke", "set-receives-invoices"] as const;

function onlyAdmins() {
  return new Response("Only a client admin can change the team.", { status: 403, statusText: "Client admins only" });
}

async function invite(user: ClientUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: clientInviteSchema });
  if (submission.status !== "success") return formResult({ intent: "invite", status: "invalid", result: submission.reply() }, 400);
  if (!user.emailVerified)
    return formResult({ intent: "invite", status: "error", message: VERIFY_BEFORE_INVITING, result: submission.reply() }, 403);
  if (!(await hitRateLimit(`client-invite:company:${user.companyId}`, TEAM_INVITATIONS_PER_COMPANY))) {
    return formResult({ intent: "invite", status: "error", message: TOO_MANY_INVITATIONS, result: submission.reply() }, 429);
  }
  try {
    const invitation = await inviteClient(user, { companyId: user.companyId, ...submission.value });
    return formResult({
      intent: "invite",
      status: "success",
      message: `Invitation sent to ${invitation.email}. The link works for 7 days.`,
      result: submission.reply({ resetForm: true }),
    });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent: "invite", submission, field: "email" });
    throw error;
  }
}

async function remove(user: ClientUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: removeTeammateSchema });
  if (submission.status !== "success") return formResult({ intent: "remove", status: "invalid", result: submission.reply() }, 400);
  const { id } = submission.value;
  try {
    const email = await removeTeammate(user, { id });
    return formResult({ intent: "remove", targetId: id, status: "success", message: `${email} was removed from the team.` });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent: "remove", targetId: id });
    throw error;
  }
}

async function revoke(user: ClientUser, id: string) {
  try {
    const done = await revokeClientInvitation(user, { id, companyId: user.companyId });
    return formResult({ intent: "revoke", targetId: id, status: "success", message: `The invitation to ${done.email} is revoked.` });
  } catch (error) {
    // Already accepted or revoked: the list was out of date, nothing to undo.
    if (isRefusal(error, "gone")) return formResult({ intent: "revoke", targetId: id, status: "unchanged", message: error.message });
    if (isRefusal(error)) return refusalResult(error, { intent: "revoke", targetId: id });
    throw error;
  }
}

/** Who of the company gets its invoices by mail (and may use Billing: decision 0086). */
async function changeReceivesInvoices(user: ClientUser, formData: FormData) {
  const intent = "set-receives-invoices";
  const raw = formData.get("id");
  const targetId = typeof raw === "string" ? raw : undefined;
  const parsed = receivesInvoicesSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return formResult({ intent, targetId, status: "invalid", message: parsed.error.issues[0]!.message }, 400);
  const { id, receivesInvoices } = parsed.data;
  const value = receivesInvoices === "on";
  try {
    const { email } = await setReceivesInvoices(user, { companyId: user.companyId, userId: id, value });
    return formResult({ intent, targetId: id, status: "success", message: receivesInvoicesMessage(email, value) });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, targetId: id });
    throw error;
  }
}

export async function teamAction(user: ClientUser, request: Request) {
  if (!user.clientAdmin) throw onlyAdmins();
  const formData = await readForm(request);
  const intent = requireIntent(formData, INTENTS);
  if (intent === "invite") return invite(user, formData);
  if (intent === "remove") return remove(user, formData);
  if (intent === "set-receives-invoices") return changeReceivesInvoices(user, formData);
  return revoke(user, requireTargetId(formData));
}
