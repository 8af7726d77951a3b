import { href } from "react-router";
import { IntentButton } from "~/components/forms/intent-button";
import type { PendingClientInvitation } from "~/lib/members";
import { Time } from "~/components/time";

// The company page's pending invitations. Resend and Revoke post to their own
// action route, which redirects back to the company page with a notice.

type PendingInvitationRow = Omit<PendingClientInvitation, "companyId" | "createdAt">;

export function CompanyInvitations({ companyId, invitations }: { companyId: string; invitations: PendingInvitationRow[] }) {
  return (
    <section aria-labelledby="company-invitations-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="company-invitations-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Pending invitations
        </h3>
        <a href={href("/employee-dashboard/clients/:id/invite", { id: companyId })} className="btn-secondary px-3 py-1.5">
          Invite a person
        </a>
      </div>
      {invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No invitations are waiting.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Pending invitations">
          {invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span className="text-slate-800 dark:text-slate-200">
                {i.name ? `${i.name} · ` : ""}
                <span className="font-medium break-all">{i.email}</span>
                {i.clientAdmin ? " · client admin" : ""} ·{" "}
                {i.expired ? (
                  <span className="text-red-700 dark:text-red-300">expired</span>
                ) : (
                  <>
                    until <Time at={i.expiresAt} />
                  </>
                )}
              </span>
              <span className="flex gap-2">
                <IntentButton
                  action={href("/employee-dashboard/client-invitations/:id", { id: i.id })}
                  intent="resend"
                  label="Resend"
                  pendingLabel="Sending..."
                  accessibleLabel={`Resend the invitation to ${i.email}`}
                />
                <IntentButton
                  action={href("/employee-dashboard/client-invitations/:id", { id: i.id })}
                  intent="revoke"
                  label="Revoke"
                  pendingLabel="Revoking..."
                  accessibleLabel={`Revoke the invitation to ${i.email}`}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
