import { listProposals } from "~/server/models/proposals/proposals-read.server";
import { listPendingClientInvitations } from "~/server/models/companies/client-invitations.server";
import { listCompanyProjectsForStaff } from "~/server/models/projects/projects-staff-reads.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { COMPANY_FAILURE } from "~/lib/console-failures";
import { clientAdminSchema, companyDetailsSchema, mailDecisionsSchema } from "~/lib/schemas/companies";
import { setMailDecisions } from "~/server/models/companies/company-mail-decisions.server";
import type { SessionUser } from "~/server/auth/actor.server";
import { agencyToday } from "~/server/brand/locale.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent, requireTargetId } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { getCompany } from "~/server/models/companies/companies.server";
import { listMembers, removeMember, setClientAdmin } from "~/server/models/companies/companies-members.server";
import { listCompanyActivity, listCompanyLeads, listCompanyRequests } from "~/server/models/companies/companies-records.server";
import { closeCompany, reopenCompany, updateCompany } from "~/server/models/companies/companies-staff.server";
import { isRefusal } from "~/lib/refusal";
import { receivesInvoicesMessage } from "~/lib/members";
import { receivesInvoicesSchema } from "~/lib/schemas/invoices";
import { mayUse } from "~/lib/staff-roles";
import { setReceivesInvoices } from "~/server/models/billing/billing-contacts.server";
import { listRetainers } from "~/server/models/billing/retainers-console.server";
import { refusalResponse, refusalResult } from "~/server/http/refusal.server";
import { assignableStaff, companyTeam } from "~/server/models/companies/company-team.server";
import { companyScope, type CompanyScope } from "~/server/models/shared/company-scope.server";
import { isTeamIntent, TEAM_INTENTS, teamAction } from "./company-team.server";

// The console's company page: its details, members, support requests, the lead
// it came from and its activity, and the forms that change the company or a member.

const INTENTS = [
  "save",
  "close",
  "reopen",
  "set-client-admin",
  "set-receives-invoices",
  "set-mail-decisions",
  "remove-member",
  ...TEAM_INTENTS,
] as const;
type Intent = (typeof INTENTS)[number];

function notFound(): never {
  throw new Response("No company with this id.", { status: 404, statusText: "Not found" });
}

/**
 * `scope`: the companies the viewer may see (another is "not found", decision 0105). `billing`: the
 * viewer has Billing, so the page also shows the company's retainers.
 */
export async function loadCompany(
  id: string,
  { scope, billing = false, leads: sales = false }: { scope: CompanyScope; billing?: boolean; leads?: boolean },
) {
  const company = await getCompany({ id, scope });
  if (!company) notFound();
  // Only staff who see every company change the team; they choose from every active colleague.
  const mayAssign = scope === "all";
  const [members, requests, leads, activity, projects, invitations, today, retainers, proposals, team, staff] = await Promise.all([
    listMembers({ companyId: id }),
    listCompanyRequests({ companyId: id }),
    listCompanyLeads({ companyId: id }),
    listCompanyActivity({ companyId: id }),
    listCompanyProjectsForStaff({ companyId: id }),
    listPendingClientInvitations({ companyId: id }),
    agencyToday(),
    billing ? listRetainers({ companyId: id, scope }) : Promise.resolve(null),
    // Proposals are Leads' (sales and admin): others see no such section.
    sales ? agencyToday().then((day) => listProposals({ today: day, companyId: id, scope })) : Promise.resolve(null),
    companyTeam(id),
    mayAssign ? assignableStaff() : Promise.resolve([]),
  ]);
  return {
    company: { ...company, createdAt: Number(company.createdAt), closedAt: company.closedAt === null ? null : Number(company.closedAt) },
    members,
    requests,
    leads,
    activity,
    projects,
    invitations,
    today,
    retainers,
    proposals: proposals?.map((p) => ({ id: p.id, title: p.title, status: p.status })) ?? null,
    team: { ...team, mayAssign, staff },
  };
}

function failed(intent: Intent, error: unknown, targetId?: string) {
  logger.error({ err: error, intent }, "company change failed");
  return formResult({ intent, targetId, status: "error", message: COMPANY_FAILURE }, 500);
}

async function saveDetails(user: SessionUser, companyId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: companyDetailsSchema });
  if (submission.status !== "success") return formResult({ intent: "save" as Intent, status: "invalid", result: submission.reply() }, 400);
  try {
    const outcome = await updateCompany(user, companyId, submission.value);
    const message = outcome === "updated" ? "The company's details are saved." : "Nothing changed.";
    return formResult({
      intent: "save" as Intent,
      status: outcome === "updated" ? "success" : "unchanged",
      message,
      result: submission.reply(),
    });
  } catch (error) {
    if (isRefusal(error, "not-found")) throw refusalResponse(error, "Not found");
    if (isRefusal(error)) return refusalResult(error, { intent: "save" as Intent, submission });
    return failed("save", error);
  }
}

async function setOpen(user: SessionUser, companyId: string, intent: "close" | "reopen") {
  try {
    const outcome = intent === "close" ? await closeCompany(user, companyId) : await reopenCompany(user, companyId);
    const messages = {
      close: "The company is closed. Its members are signed out and cannot use the portal until it is reopened.",
      reopen: "The company is open again. Its members can sign in.",
    };
    if (outcome === "unchanged")
      return formResult({
        intent,
        status: "unchanged",
        message: intent === "close" ? "The company was already closed." : "The company was already open.",
      });
    return formResult({ intent, status: "success", message: messages[intent] });
  } catch (error) {
    if (isRefusal(error, "not-found")) throw refusalResponse(error, "Not found");
    return failed(intent, error);
  }
}

async function changeAdmin(user: SessionUser, companyId: string, formData: FormData) {
  const raw = formData.get("id");
  const targetId = typeof raw === "string" ? raw : undefined;
  const submission = parseWithZod(formData, { schema: clientAdminSchema });
  if (submission.status !== "success")
    return formResult(
      { intent: "set-client-admin" as Intent, targetId, status: "invalid", message: "Choose on or off.", result: submission.reply() },
      400,
    );
  const { id, clientAdmin } = submission.value;
  try {
    const outcome = await setClientAdmin(user, { companyId, userId: id }, clientAdmin === "on");
    const message =
      clientAdmin === "on"
        ? `${outcome.email} is a client admin: they may invite and remove teammates.`
        : `${outcome.email} is no longer a client admin.`;
    return formResult({ intent: "set-client-admin" as Intent, targetId: id, status: outcome.changed ? "success" : "unchanged", message });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent: "set-client-admin" as Intent, targetId: id });
    return failed("set-client-admin", error, id);
  }
}

/** Who gets the invoice mail: staff with Billing only (the page shows the switch to them alone). */
async function changeReceivesInvoices(user: SessionUser, companyId: string, formData: FormData) {
  const intent = "set-receives-invoices" as Intent;
  if (!mayUse(user.staffRole, "billing"))
    throw new Response("Only staff with Billing choose who receives invoices.", { status: 403, statusText: "Billing only" });
  const raw = formData.get("id");
  const targetId = typeof raw === "string" ? raw : undefined;
  const parsed = receivesInvoicesSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return formResult({ intent, targetId, status: "invalid", message: parsed.error.issues[0]!.message }, 400);
  const { id, receivesInvoices } = parsed.data;
  const value = receivesInvoices === "on";
  try {
    const { email } = await setReceivesInvoices(user, { companyId, userId: id, value });
    return formResult({ intent, targetId: id, status: "success", message: receivesInvoicesMessage(email, value) });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, targetId: id });
    return failed("set-receives-invoices", error, id);
  }
}

async function remove(user: SessionUser, companyId: string, formData: FormData) {
  const id = requireTargetId(formData);
  try {
    const outcome = await removeMember(user, { companyId, userId: id });
    return formResult({
      intent: "remove-member" as Intent,
      targetId: id,
      status: "success",
      message: `${outcome.email} was removed and signed out; their account is deleted.`,
    });
  } catch (error) {
    // Already removed (a double submit) or never a member: nothing to do, and nothing leaks.
    if (isRefusal(error, "not-found"))
      return formResult({ intent: "remove-member" as Intent, targetId: id, status: "unchanged", message: error.message });
    return failed("remove-member", error, id);
  }
}

/** "Clients may decide approvals from e-mail": anyone who may edit the company. */
async function changeMailDecisions(user: SessionUser, companyId: string, formData: FormData) {
  const intent = "set-mail-decisions" as Intent;
  const submission = parseWithZod(formData, { schema: mailDecisionsSchema });
  if (submission.status !== "success")
    return formResult({ intent, status: "invalid", message: "Choose on or off.", result: submission.reply() }, 400);
  const allowed = submission.value.mailDecisions === "on";
  try {
    const outcome = await setMailDecisions(user, { companyId, allowed });
    const message = allowed
      ? "Members may decide approvals from the request e-mail."
      : "Approvals are decided in the portal only; links already sent no longer work.";
    return formResult({ intent, status: outcome === "changed" ? "success" : "unchanged", message });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent });
    return failed(intent, error);
  }
}

export async function companyAction(user: SessionUser, companyId: string, request: Request) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, INTENTS);
  const scope = await companyScope(user);
  if (!(await getCompany({ id: companyId, scope }))) notFound();
  if (isTeamIntent(intent)) return teamAction(user, scope, companyId, intent, formData);
  if (intent === "save") return saveDetails(user, companyId, formData);
  if (intent === "close" || intent === "reopen") return setOpen(user, companyId, intent);
  if (intent === "set-client-admin") return changeAdmin(user, companyId, formData);
  if (intent === "set-receives-invoices") return changeReceivesInvoices(user, companyId, formData);
  if (intent === "set-mail-decisions") return changeMailDecisions(user, companyId, formData);
  return remove(user, companyId, formData);
}
