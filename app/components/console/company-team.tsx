import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";

/** One assigned (or assignable) staff member, as the company page shows them. */
interface Person {
  id: string;
  name: string;
  email: string;
  roleLabel: string;
  assignedOnly: boolean;
}

interface Team {
  manager: Person | null;
  team: Person[];
  /** The viewer sees every company, so they may change who is assigned. */
  mayAssign: boolean;
  /** Every active staff member with a role, to choose from (empty unless `mayAssign`). */
  staff: Person[];
}

const who = (p: Person) => `${p.name}${p.roleLabel ? ` (${p.roleLabel})` : ""}`;

/**
 * The company page's "Account team" (decision 0105): its account manager and the staff assigned to
 * it. New support requests and approvals alert them first; staff limited to assigned companies see
 * only the companies they are on. Plain forms: they work without JavaScript.
 */
export function CompanyTeamSection({ team, outcome }: { team: Team; outcome?: FormResult }) {
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const onTeam = new Set([team.manager?.id, ...team.team.map((p) => p.id)]);
  const addable = team.staff.filter((p) => !onTeam.has(p.id));
  return (
    <section
      aria-labelledby="company-team-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id="company-team-heading" className="font-semibold text-slate-900 dark:text-white">
        Account team
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        New support requests and approvals alert these people first. Staff limited to their assigned companies see this company only while
        they are here.
      </p>
      <dl className="mt-4 text-sm">
        <dt className="font-medium text-slate-800 dark:text-slate-200">Account manager</dt>
        <dd className="mt-1 text-slate-700 dark:text-slate-300" data-testid="account-manager">
          {team.manager ? who(team.manager) : "Nobody yet"}
        </dd>
      </dl>
      {team.mayAssign ? (
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="set-account-manager" />
          <div>
            <label htmlFor="account-manager" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Choose the account manager
            </label>
            <select id="account-manager" name="accountManager" defaultValue={team.manager?.id ?? ""} className="field-input mt-1 py-1">
              <option value="">Nobody</option>
              {team.staff.map((p) => (
                <option key={p.id} value={p.id}>
                  {who(p)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary px-3 py-1.5" disabled={pending("set-account-manager")}>
            {pending("set-account-manager") ? "Saving..." : "Save account manager"}
          </button>
        </Form>
      ) : null}

      <h4 className="mt-5 text-sm font-medium text-slate-800 dark:text-slate-200">Team</h4>
      {team.team.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Nobody else is assigned.</p>
      ) : (
        <ul aria-label="Assigned staff" className="mt-1 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {team.team.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-slate-800 dark:text-slate-200">
                {who(p)}
                {p.assignedOnly ? <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">assigned companies only</span> : null}
              </span>
              {team.mayAssign ? (
                <Form method="post" className="inline">
                  <input type="hidden" name="intent" value="remove-from-team" />
                  <input type="hidden" name="userId" value={p.id} />
                  <button type="submit" className="btn-secondary px-3 py-1.5" aria-label={`Take ${p.name} off the team`}>
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {team.mayAssign && addable.length > 0 ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="add-to-team" />
          <div>
            <label htmlFor="team-add" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Add to the team
            </label>
            <select id="team-add" name="userId" className="field-input mt-1 py-1" required>
              {addable.map((p) => (
                <option key={p.id} value={p.id}>
                  {who(p)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary px-3 py-1.5" disabled={pending("add-to-team")}>
            {pending("add-to-team") ? "Adding..." : "Add to team"}
          </button>
        </Form>
      ) : null}
      <div className="mt-3">
        <ActionMessage outcome={outcome} />
      </div>
    </section>
  );
}
