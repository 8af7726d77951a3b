import { href, redirect } from "react-router";
import type { Route } from "./+types/client-invitation";
import { withFlash } from "~/lib/flash";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import {
  companyOfClientInvitation,
  resendClientInvitation,
  revokeClientInvitation,
  TOO_MANY_MAILS_TO_ADDRESS,
} from "~/server/models/companies/client-invitations.server";
import { isRefusal } from "~/lib/refusal";
import { companyScope } from "~/server/models/shared/company-scope.server";

// Resend / Revoke of a company's pending invitation (the company page's section,
// components/console/company-invitations.tsx); back to the company page with a notice.

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "clients");
  throw new Response("Use the company page.", { status: 405, statusText: "Method Not Allowed" });
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  const intent = requireIntent(await readForm(request), ["resend", "revoke"] as const);
  const companyId = await companyOfClientInvitation({ id: params.id, scope: await companyScope(user) });
  if (!companyId) throw new Response("This invitation does not exist.", { status: 404, statusText: "Not found" });
  const back = href("/employee-dashboard/clients/:id", { id: companyId });
  try {
    if (intent === "resend") await resendClientInvitation(user, { id: params.id });
    else await revokeClientInvitation(user, { id: params.id });
  } catch (error) {
    // The address had enough mail this hour (decision 0055); nothing was sent or changed.
    if (isRefusal(error) && error.message === TOO_MANY_MAILS_TO_ADDRESS) throw redirect(withFlash(back, "invitation-limit"));
    // Double submit: the second Revoke finds it revoked already; the page says so.
    if (isRefusal(error)) throw redirect(withFlash(back, "invitation-gone"));
    throw error;
  }
  throw redirect(withFlash(back, intent === "resend" ? "invitation-resent" : "invitation-revoked"));
}
