import { href, useSearchParams } from "react-router";
import type { Route } from "./+types/client";
import { CompanyForm } from "~/components/console/company-form";
import { CompanyInvitations } from "~/components/console/company-invitations";
import { CompanyMailDecisions } from "~/components/console/company-mail-decisions";
import { CompanyMembers } from "~/components/console/company-members";
import { CompanyProjects } from "~/components/console/company-projects";
import { CompanyRetainers } from "~/components/billing/company-retainers";
import { RecordProposals } from "~/components/proposals/record-proposals";
import { CompanyActivity, CompanyLeads, CompanyRequests } from "~/components/console/company-records";
import { ConfirmAction } from "~/components/console/confirm-action";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { EraseLink } from "~/components/console/erase-link";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { COMPANY_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { mayUse } from "~/lib/staff-roles";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { CompanyTeamSection } from "~/components/console/company-team";
import { companyAction, loadCompany } from "./company.server";
import { Time } from "~/components/time";
import { privateMeta } from "~/lib/seo";

// The console's client page is a company page; :id is the company's id.

export function meta({ data, matches }: Route.MetaArgs) {
  return privateMeta(`${data?.company.name ?? "Company"} | Clients`, matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  // Only an admin downloads a member's data or erases.
  const admin = user.staffRole === "admin";
  const mayBill = mayUse(user.staffRole, "billing");
  const company = await loadCompany(params.id, {
    scope: await companyScope(user),
    billing: mayBill,
    leads: mayUse(user.staffRole, "leads"),
  });
  return { ...company, mayExport: admin, mayErase: admin, mayBill };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  return companyAction(user, params.id, request);
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, COMPANY_FAILURE);
}

export default function CompanyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, members, requests, leads, activity, projects, invitations, today, mayErase } = loaderData;
  const [searchParams] = useSearchParams();
  // Projects and support requests of the company change while the page is open.
  useLiveRevalidation("/events/console", ["projects", "complaints", "proposals"]);
  const closed = company.closedAt !== null;
  const statusOutcome = actionData?.intent === "close" || actionData?.intent === "reopen" ? actionData : undefined;
  return (
    <ConsoleEditPage
      headingId="company-heading"
      className="space-y-8"
      titleGap="none"
      backTo={href("/employee-dashboard/clients")}
      backLabel="← All clients"
      title={company.name}
      summary={
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {company.origin === "self" ? "Signed up on the website" : "Created by staff"} on <Time at={company.createdAt} />
            {closed ? (
              <>
                {" · "}
                <strong className="text-red-700 dark:text-red-300">Closed</strong> on <Time at={company.closedAt!} />
              </>
            ) : null}
          </p>
          {searchParams.get("created") === "1" && !actionData ? (
            <div className="mt-3">
              <ActionMessage outcome={{ status: "success", message: "The company is created. Invite its people below." }} />
            </div>
          ) : null}
        </>
      }
    >
      <section aria-labelledby="company-details-heading" className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <h3 id="company-details-heading" className="mb-4 text-xl font-semibold text-slate-900 dark:text-white">
            Details
          </h3>
          <CompanyForm
            key={`${company.name}|${company.website}|${company.country}`}
            intent="save"
            defaultValue={{ name: company.name, website: company.website, country: company.country }}
            lastResult={actionData?.intent === "save" ? actionData.result : undefined}
            outcome={actionData?.intent === "save" ? actionData : undefined}
            submitLabel="Save details"
            pendingLabel="Saving..."
          />
        </div>
        <div className="self-start rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <h4 className="font-semibold text-slate-900 dark:text-white">{closed ? "Closed" : "Open"}</h4>
          <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
            {closed
              ? "Members cannot use the portal. Reopening lets them sign in again."
              : "Closing signs every member out and keeps them out; the company's data stays."}
          </p>
          {closed ? (
            <IntentButton intent="reopen" label="Reopen company" pendingLabel="Reopening..." />
          ) : (
            <ConfirmAction
              intent="close"
              label="Close company"
              warning={`All ${members.length === 1 ? "1 member" : `${members.length} members`} of ${company.name} will be signed out at once and cannot use the portal until the company is reopened.`}
              confirmLabel="Yes, close the company"
              pendingLabel="Closing..."
            />
          )}
          <div className="mt-3">
            <ActionMessage outcome={statusOutcome} />
          </div>
          {mayErase ? (
            <p className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
              Erasing removes the company&apos;s people, files and texts for good.{" "}
              <EraseLink kind="client" id={company.id} who={company.name} />
            </p>
          ) : null}
        </div>
      </section>

      <CompanyMembers
        companyId={company.id}
        mayExport={loaderData.mayExport}
        mayErase={mayErase}
        members={members}
        mayBill={loaderData.mayBill}
        outcome={
          actionData?.intent === "set-client-admin" ||
          actionData?.intent === "set-receives-invoices" ||
          actionData?.intent === "remove-member"
            ? actionData
            : undefined
        }
      />

      <CompanyInvitations companyId={company.id} invitations={invitations} />

      <CompanyTeamSection
        team={loaderData.team}
        outcome={
          actionData?.intent === "set-account-manager" || actionData?.intent === "add-to-team" || actionData?.intent === "remove-from-team"
            ? actionData
            : undefined
        }
      />

      <CompanyMailDecisions
        allowed={Number(company.mailDecisions) === 1}
        outcome={actionData?.intent === "set-mail-decisions" ? actionData : undefined}
      />

      {loaderData.retainers ? <CompanyRetainers retainers={loaderData.retainers} /> : null}
      {loaderData.proposals ? <RecordProposals target={{ companyId: company.id }} proposals={loaderData.proposals} /> : null}

      <CompanyProjects companyId={company.id} projects={projects} today={today} closed={company.closedAt !== null} />

      <CompanyRequests requests={requests} />
      <CompanyLeads leads={leads} />
      <CompanyActivity activity={activity} />
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/clients")} backLabel="Back to Clients" />;
}
