import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { withFlash } from "~/lib/flash";
import { isRefusal } from "~/lib/refusal";
import { confirmationMatches, ERASURE_PATH_KINDS, erasureSchema, isErasurePathKind } from "~/lib/schemas/erasure";
import type { ConsoleArea } from "~/lib/staff-roles";
import type { SessionUser } from "~/server/auth/actor.server";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { erase, type ErasureKind } from "~/server/models/privacy/erasure.server";
import { findErasureSubject, type ErasureSubject } from "~/server/models/privacy/erasure-subjects.server";

// Decision 0048: the guard and the post of the "Erase…" step. The section's
// roles reach the page's guard; only an admin passes the second check.

const AREAS: Record<ErasureKind, ConsoleArea> = { lead: "leads", application: "applications", client_user: "clients", company: "clients" };

/** The staff guard of the record's section, then admin only; an unknown kind or record is 404. */
export async function requireErasure(
  request: Request,
  params: { kind?: string; id?: string },
): Promise<{ user: SessionUser; subject: ErasureSubject }> {
  const kind = isErasurePathKind(params.kind) ? ERASURE_PATH_KINDS[params.kind] : undefined;
  // An unknown kind still meets a guard first: the admin-only section answers as the others would.
  const user = await requireStaff(request, kind ? AREAS[kind] : "settings");
  if (user.staffRole !== "admin") throw new Response("Only an admin can erase personal data.", { status: 403, statusText: "Admin only" });
  const subject = kind && params.id ? await findErasureSubject(kind, params.id) : undefined;
  if (!subject) throw new Response("This record does not exist.", { status: 404, statusText: "Not found" });
  return { user, subject };
}

/** Where the console lands after the erasure: the section's list (a member's company page). */
function listOf(subject: ErasureSubject): string {
  if (subject.kind === "lead") return href("/employee-dashboard/leads");
  if (subject.kind === "application") return href("/employee-dashboard/applications");
  if (subject.kind === "client_user" && subject.companyId) return href("/employee-dashboard/clients/:id", { id: subject.companyId });
  return href("/employee-dashboard/clients");
}

export async function eraseAction(request: Request, params: { kind?: string; id?: string }) {
  const { user, subject } = await requireErasure(request, params);
  const formData = await readForm(request);
  requireIntent(formData, ["erase"]);
  const submission = parseWithZod(formData, { schema: erasureSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply() }, 400);
  if (!confirmationMatches(subject.confirmWith, submission.value.confirmation)) {
    const message = `That does not match. Type ${subject.kind === "company" ? "the company's name" : "the e-mail address"} exactly as shown; nothing was erased.`;
    return formResult({ status: "invalid", result: submission.reply({ fieldErrors: { confirmation: [message] } }) }, 400);
  }
  try {
    await erase(user, { kind: subject.kind, id: subject.id }, submission.value.mode);
  } catch (error) {
    // Another admin erased it since the guard read it: what was asked for already holds.
    if (!isRefusal(error, "not-found")) throw error;
  }
  throw redirect(withFlash(listOf(subject), "erased"), 303);
}
