import { Form, href, useNavigation } from "react-router";
import { ReceivesInvoicesSwitch } from "~/components/billing/receives-invoices-switch";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";
import type { CompanyMember } from "~/lib/members";
import { ConfirmAction } from "./confirm-action";
import { EraseLink } from "./erase-link";
import { Time } from "~/components/time";

type Member = Omit<CompanyMember, "createdAt">;

/** The switch posts the value it turns to, so a double submit sets the same value twice. */
function ClientAdminSwitch({ member, who }: { member: Member; who: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "set-client-admin" && navigation.formData.get("id") === member.id;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="set-client-admin" />
      <input type="hidden" name="id" value={member.id} />
      <input type="hidden" name="clientAdmin" value={member.clientAdmin ? "off" : "on"} />
      <button
        type="submit"
        role="switch"
        aria-checked={member.clientAdmin}
        aria-label={`Client admin: ${who}`}
        disabled={pending}
        className="inline-flex items-center gap-2 rounded-full text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span
          aria-hidden="true"
          className={`relative h-6 w-11 rounded-full transition-colors ${member.clientAdmin ? "bg-brand-600" : "bg-slate-300 dark:bg-slate-600"}`}
        >
          <span
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${member.clientAdmin ? "left-5" : "left-0.5"}`}
          />
        </span>
        <span className="text-slate-700 dark:text-slate-300">{member.clientAdmin ? "On" : "Off"}</span>
      </button>
    </Form>
  );
}

/**
 * The company page's members: client admin and "receives invoices" switches, last sign-in, removal with confirmation, and
 * for an admin their data as a ZIP (a subject access request) and "Erase…" (part 2).
 */
export function CompanyMembers({
  companyId,
  mayExport,
  members,
  outcome,
  mayErase = false,
  mayBill = false,
}: {
  companyId: string;
  mayExport: boolean;
  members: Member[];
  outcome?: FormResult;
  mayErase?: boolean;
  /** Staff with Billing switch who receives invoices; others see the choice. */
  mayBill?: boolean;
}) {
  return (
    <section aria-labelledby="company-members-heading">
      <h3 id="company-members-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Members
      </h3>
      {members.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          No members yet. Invite the company's people to give them access to the portal.
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Members of this company</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Client admin
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Receives invoices
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Last sign-in
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
              {members.map((m) => {
                const who = m.name;
                const rowOutcome = outcome?.targetId === m.id ? outcome : undefined;
                return (
                  <tr key={m.id} className="align-top">
                    <th scope="row" className="px-3 py-2 font-medium">
                      {who}
                    </th>
                    <td className="px-3 py-2 break-all">{m.email}</td>
                    <td className="px-3 py-2">
                      <ClientAdminSwitch member={m} who={who} />
                    </td>
                    <td className="px-3 py-2">
                      {mayBill ? <ReceivesInvoicesSwitch member={m} who={who} /> : m.receivesInvoices ? "Yes" : "No"}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {m.lastSignInAt === null ? "Never" : <Time at={m.lastSignInAt} withTime />}
                    </td>
                    <td className="px-3 py-2 text-right">
                      {mayExport ? (
                        // A download, not a page: a plain link, so the browser saves the ZIP.
                        <a
                          href={href("/employee-dashboard/clients/:id/members/:userId/export", { id: companyId, userId: m.id })}
                          download
                          aria-label={`Download data of ${who}`}
                          className="mr-3 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300"
                        >
                          Download data
                        </a>
                      ) : null}
                      <ConfirmAction
                        intent="remove-member"
                        id={m.id}
                        label="Remove"
                        accessibleLabel={`Remove ${who}`}
                        warning={`${m.email} will be signed out and their account deleted. The company's projects and requests stay.`}
                        confirmLabel={`Remove ${who}`}
                        pendingLabel="Removing..."
                      />
                      {mayErase ? <EraseLink kind="member" id={m.id} who={who} className="ml-3" /> : null}
                      {rowOutcome ? (
                        <div className="mt-2 text-left">
                          <ActionMessage outcome={rowOutcome} />
                        </div>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {outcome?.intent === "remove-member" && !members.some((m) => m.id === outcome.targetId) ? (
        <div className="mt-3">
          <ActionMessage outcome={outcome} />
        </div>
      ) : null}
    </section>
  );
}
