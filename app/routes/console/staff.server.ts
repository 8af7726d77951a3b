import { parseWithZod } from "@conform-to/zod/v4";
import { STAFF_FAILURE } from "~/lib/console-failures";
import { staffInviteSchema, staffRoleChangeSchema } from "~/lib/schemas/staff";
import { STAFF_ROLE_LABELS } from "~/lib/staff-roles";
import type { SessionUser } from "~/server/auth/actor.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent, requireTargetId } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { inviteStaff, resendInvitation, revokeInvitation } from "~/server/models/accounts/staff-invitations.server";
import {
  disableStaff,
  enableStaff,
  listStaff,
  removeStaffMember,
  setAssignedOnly,
  setStaffRole,
} from "~/server/models/accounts/staff.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";
import { companyDomain } from "~/server/brand/company-domain.server";

// The Staff page's forms: invite, resend / revoke an invitation, and change,
// disable, re-enable or remove a member. Every change is audited by its model.

const INTENTS = ["invite", "resend", "revoke", "set-role", "disable", "enable", "remove", "limit", "unlimit"] as const;
type Intent = (typeof INTENTS)[number];

/** A refusal the admin can act on (last admin, already has an account) shows in place. */
function refused(intent: Intent, error: unknown, targetId?: string) {
  if (isRefusal(error)) return refusalResult(error, { intent, targetId });
  logger.error({ err: error, intent }, "staff change failed");
  return formResult({ intent, targetId, status: "error", message: STAFF_FAILURE }, 500);
}

async function invite(user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: staffInviteSchema });
  if (submission.status !== "success")
    return formResult({ intent: "invite" as Intent, status: "invalid", result: submission.reply() }, 400);
  const { email, name, staffRole } = submission.value;
  const domain = companyDomain();
  try {
    const invitation = await inviteStaff(user, { email, name: name ?? "", staffRole });
    const message = `Invitation sent to ${invitation.email} (${STAFF_ROLE_LABELS[staffRole]}). The link works for 7 days.`;
    return formResult({ intent: "invite" as Intent, status: "success", message, result: submission.reply({ resetForm: true }) });
  } catch (error) {
    if (isRefusal(error, "invalid", "conflict")) {
      // The model's text names the address for the command line; the form shows it beside the field.
      const message = error.kind === "invalid" ? `Only @${domain} e-mails can be staff accounts.` : error.message;
      return refusalResult(error, { intent: "invite" as Intent, submission, message });
    }
    return refused("invite", error);
  }
}

async function changeRole(user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: staffRoleChangeSchema });
  const raw = formData.get("id");
  const targetId = typeof raw === "string" ? raw : undefined;
  if (submission.status !== "success")
    return formResult({ intent: "set-role" as Intent, targetId, status: "invalid", result: submission.reply() }, 400);
  const { id, staffRole } = submission.value;
  try {
    await setStaffRole(user, id, staffRole);
  } catch (error) {
    return refused("set-role", error, id);
  }
  return formResult({
    intent: "set-role" as Intent,
    targetId: id,
    status: "success",
    message: `Role changed to ${STAFF_ROLE_LABELS[staffRole]}.`,
  });
}

async function memberChange(user: SessionUser, intent: "disable" | "enable" | "remove", id: string) {
  const member = (await listStaff()).find((s) => s.id === id);
  if (!member) return formResult({ intent, targetId: id, status: "error", message: "No staff account with this id." }, 404);
  try {
    if (intent === "disable") await disableStaff(user, id);
    else if (intent === "enable") await enableStaff(user, id);
    else await removeStaffMember(user, { id });
  } catch (error) {
    return refused(intent, error, id);
  }
  const messages = {
    disable: `${member.email} is disabled and signed out everywhere.`,
    enable: `${member.email} can sign in again.`,
    remove: `${member.email} is no longer staff.`,
  };
  return formResult({ intent, targetId: id, status: "success", message: messages[intent] });
}

/** "Limited to assigned companies" on or off (decision 0105). */
async function limitChange(user: SessionUser, intent: "limit" | "unlimit", id: string) {
  const member = (await listStaff()).find((s) => s.id === id);
  if (!member) return formResult({ intent, targetId: id, status: "error", message: "No staff account with this id." }, 404);
  try {
    const outcome = await setAssignedOnly(user, id, intent === "limit");
    const message =
      intent === "limit" ? `${member.email} now sees only the companies they are assigned to.` : `${member.email} now sees every company.`;
    return formResult({ intent, targetId: id, status: outcome === "changed" ? "success" : "unchanged", message });
  } catch (error) {
    return refused(intent, error, id);
  }
}

async function invitationChange(user: SessionUser, intent: "resend" | "revoke", id: string) {
  try {
    const email = intent === "resend" ? await resendInvitation(user, id) : await revokeInvitation(user, id);
    const message =
      intent === "resend" ? `A new link was sent to ${email}; the old one no longer works.` : `The invitation to ${email} is revoked.`;
    return formResult({ intent, targetId: id, status: "success", message });
  } catch (error) {
    return refused(intent, error, id);
  }
}

export async function staffAction(user: SessionUser, request: Request) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, INTENTS);
  if (intent === "invite") return invite(user, formData);
  if (intent === "set-role") return changeRole(user, formData);
  const id = requireTargetId(formData);
  if (intent === "resend" || intent === "revoke") return invitationChange(user, intent, id);
  if (intent === "limit" || intent === "unlimit") return limitChange(user, intent, id);
  return memberChange(user, intent, id);
}
