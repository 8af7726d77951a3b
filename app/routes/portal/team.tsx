import type { Route } from "./+types/team";
import { ReceivesInvoicesSwitch } from "~/components/billing/receives-invoices-switch";
import { ClientInviteForm } from "~/components/client-invite-form";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { PanelError, PanelHeader } from "~/components/portal/panel";
import { VERIFY_BEFORE_INVITING } from "~/lib/client-invitations";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import type { FormResult } from "~/lib/form-result";
import { portalMeta } from "~/lib/portal";
import { requireClient } from "~/server/auth/session.server";
import { listPendingClientInvitations } from "~/server/models/companies/client-invitations.server";
import { listTeammates } from "~/server/models/companies/client-members.server";
import { teamAction } from "./team.server";
import { RuledTableHead } from "~/components/console/list-table";
import { Time } from "~/components/time";

export function meta({ matches }: Route.MetaArgs) {
  return portalMeta("Team", matches);
}

// Every member sees the company's people; a client admin also invites and removes.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  const [teammates, invitations] = await Promise.all([
    listTeammates({ companyId: user.companyId }),
    user.clientAdmin ? listPendingClientInvitations({ companyId: user.companyId }) : Promise.resolve([]),
  ]);
  return {
    teammates: teammates.map((t) => ({ ...t, isYou: t.id === user.id })),
    invitations,
    clientAdmin: user.clientAdmin,
    emailVerified: user.emailVerified,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireClient(request);
  return teamAction(user, request);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE);
}

export default function PortalTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { teammates, invitations, clientAdmin, emailVerified } = loaderData;
  const rowOutcome: FormResult | undefined = actionData?.targetId ? actionData : undefined;
  return (
    <section aria-labelledby="team-heading">
      <PanelHeader
        title="Team"
        intro="The people of your company who follow its projects and support requests. Those who receive invoices get them by e-mail and see Billing."
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-8">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption id="team-heading" className="sr-only">
                Your teammates
              </caption>
              <RuledTableHead columns={["Name", "E-mail", "Client admin", "Receives invoices"]} actions={clientAdmin} />
              <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
                {teammates.map((t) => (
                  <tr key={t.id}>
                    <td className="py-3 pr-4">
                      {t.name || "—"}
                      {t.isYou ? <span className="text-slate-600 dark:text-slate-400"> (you)</span> : null}
                    </td>
                    <td className="py-3 pr-4 break-all">{t.email}</td>
                    <td className="py-3 pr-4">{t.clientAdmin ? "Yes" : "No"}</td>
                    <td className="py-3 pr-4">
                      {clientAdmin ? <ReceivesInvoicesSwitch member={t} who={t.email} /> : t.receivesInvoices ? "Yes" : "No"}
                    </td>
                    {clientAdmin ? (
                      <td className="py-3">
                        {t.isYou ? null : (
                          <IntentButton
                            intent="remove"
                            id={t.id}
                            label="Remove"
                            pendingLabel="Removing..."
                            accessibleLabel={`Remove ${t.email} from the team`}
                          />
                        )}
                        {rowOutcome?.targetId === t.id ? <ActionMessage outcome={rowOutcome} /> : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {clientAdmin ? <PendingInvitations invitations={invitations} outcome={rowOutcome} /> : null}
        </div>
        {clientAdmin ? (
          <div className="self-start rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">Invite a teammate</h2>
            {emailVerified ? (
              <ClientInviteForm outcome={actionData?.intent === "invite" ? actionData : undefined} />
            ) : (
              <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
                {VERIFY_BEFORE_INVITING} Open the link we sent you; the banner above sends it again.
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Ask a client admin of your company to invite someone.</p>
        )}
      </div>
    </section>
  );
}

function PendingInvitations({
  invitations,
  outcome,
}: {
  invitations: Route.ComponentProps["loaderData"]["invitations"];
  outcome?: FormResult;
}) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Pending invitations</h2>
      {invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No invitations are waiting.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Pending invitations">
          {invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>
                <span className="font-medium break-all">{i.email}</span> ·{" "}
                {i.expired ? (
                  "expired"
                ) : (
                  <>
                    until <Time at={i.expiresAt} />
                  </>
                )}
              </span>
              <IntentButton
                intent="revoke"
                id={i.id}
                label="Revoke"
                pendingLabel="Revoking..."
                accessibleLabel={`Revoke the invitation to ${i.email}`}
              />
              {outcome?.targetId === i.id ? (
                <div className="w-full">
                  <ActionMessage outcome={outcome} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
