import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/client-invite";
import { ClientInviteForm } from "~/components/client-invite-form";
import { SectionError } from "~/components/console/section-error";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { clientInviteSchema } from "~/lib/schemas/client-invitations";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { inviteClient } from "~/server/models/companies/client-invitations.server";
import { getCompany } from "~/server/models/companies/companies.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";

// Staff invite a person to a company (its own page, so it works without JavaScript).

async function companyOr404(user: { id: string }, id: string) {
  const company = await getCompany({ id, scope: await companyScope(user) });
  if (!company) throw new Response("This company does not exist.", { status: 404, statusText: "Not found" });
  return company;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  const company = await companyOr404(user, params.id);
  return { company: { id: company.id, name: company.name, closed: company.closedAt !== null } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  const company = await companyOr404(user, params.id);
  const submission = parseWithZod(await readForm(request), { schema: clientInviteSchema });
  if (submission.status !== "success") return formResult({ intent: "invite", status: "invalid", result: submission.reply() }, 400);
  try {
    await inviteClient(user, { companyId: company.id, ...submission.value });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent: "invite", submission, field: "email" });
    throw error;
  }
  throw redirect(withFlash(href("/employee-dashboard/clients/:id", { id: company.id }), "client-invited"));
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE);
}

export default function ConsoleClientInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = loaderData;
  const back = href("/employee-dashboard/clients/:id", { id: company.id });
  return (
    <section aria-labelledby="invite-heading" className="max-w-xl">
      <Link to={back} className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
        ← Back to {company.name}
      </Link>
      <h2 id="invite-heading" className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">
        Invite a person to {company.name}
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        They get an e-mail with a link that works once, for 7 days, to choose a password or continue with Google.
      </p>
      {company.closed ? (
        <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">{company.name} is closed: reopen it before inviting anyone.</p>
      ) : (
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <ClientInviteForm outcome={actionData} />
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/clients")} backLabel="Back to Clients" />;
}
