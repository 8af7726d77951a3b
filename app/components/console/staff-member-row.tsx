import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";
import type { StaffMember } from "~/lib/members";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "~/lib/staff-roles";
import { Time } from "~/components/time";
import { WIDE_ONLY } from "./list-table";
import { RowMenu, type RowMenuItem } from "./row-menu";

/** The Staff page's row: its time as epoch ms, and whether it is the reader's own account. */
type Member = Omit<StaffMember, "createdAt"> & { createdAt: number; isYou: boolean };
type Outcome = Pick<FormResult, "status" | "message" | "intent">;

/** The page's address with one form opened (`?role=<id>`, `?remove=<id>`) or all closed. */
function withOpen(params: URLSearchParams, open?: { name: "role" | "remove"; id: string }): string {
  const next = new URLSearchParams(params);
  next.delete("role");
  next.delete("remove");
  if (open) next.set(open.name, open.id);
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/**
 * One row of the Staff page, read first: the role as text, the actions behind a menu. "Change
 * role" and "Remove" open their form in the row through the address, so they work without
 * JavaScript; your own row offers no Disable or Remove (the model refuses them too).
 */
export function StaffMemberRow({ member, outcome }: { member: Member; outcome?: Outcome }) {
  const [params] = useSearchParams();
  const who = member.name ? `${member.name} (${member.email})` : member.email;
  const roleDone = outcome?.intent === "set-role" && outcome.status === "success";
  const editingRole = params.get("role") === member.id && !roleDone;
  const removing = params.get("remove") === member.id && !member.isYou;
  const items: RowMenuItem[] = [
    {
      kind: "link",
      label: "Change role",
      to: withOpen(params, { name: "role", id: member.id }),
      accessibleLabel: `Change the role of ${who}`,
    },
  ];
  // An admin sees every company (decision 0105): the switch is for the other roles.
  if (member.staffRole !== "admin") {
    items.push(
      member.assignedOnly
        ? { kind: "post", label: "See every company", intent: "unlimit", id: member.id, accessibleLabel: `Let ${who} see every company` }
        : {
            kind: "post",
            label: "Limit to assigned companies",
            intent: "limit",
            id: member.id,
            accessibleLabel: `Limit ${who} to their assigned companies`,
          },
    );
  }
  if (!member.isYou) {
    items.push(
      member.disabledAt
        ? { kind: "post", label: "Re-enable", intent: "enable", id: member.id, accessibleLabel: `Re-enable ${who}` }
        : { kind: "post", label: "Disable", intent: "disable", id: member.id, accessibleLabel: `Disable ${who}` },
      { kind: "link", label: "Remove…", to: withOpen(params, { name: "remove", id: member.id }), accessibleLabel: `Remove ${who}` },
    );
  }
  return (
    <>
      <tr>
        <td className="py-3 pr-4">
          <span className="font-medium wrap-anywhere">{member.email}</span>
          {member.isYou ? <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(you)</span> : null}
          {member.name ? <span className="block text-xs text-slate-600 dark:text-slate-400">{member.name}</span> : null}
        </td>
        <td className="py-3 pr-4 whitespace-nowrap">
          {member.staffRole ? STAFF_ROLE_LABELS[member.staffRole] : "No role"}
          {member.assignedOnly && member.staffRole !== "admin" ? (
            <span className="block text-xs text-slate-600 dark:text-slate-400">Assigned companies only</span>
          ) : null}
        </td>
        <td className="py-3 pr-4 whitespace-nowrap">
          {member.disabledAt ? (
            <span className="text-red-700 dark:text-red-300">Disabled</span>
          ) : (
            <span className="text-emerald-700 dark:text-emerald-300">Active</span>
          )}
        </td>
        <td className={`py-3 pr-4 whitespace-nowrap ${WIDE_ONLY}`}>
          <Time at={member.createdAt} />
        </td>
        <td className="py-3 text-right whitespace-nowrap">
          <RowMenu label="Actions" accessibleLabel={`Actions for ${who}`} items={items} />
        </td>
      </tr>
      {editingRole || removing || outcome ? (
        <tr>
          <td colSpan={5} className="pb-3">
            {editingRole ? <RoleForm member={member} who={who} closeTo={withOpen(params)} /> : null}
            {removing ? <RemoveConfirm member={member} who={who} closeTo={withOpen(params)} /> : null}
            <ActionMessage outcome={outcome} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function RoleForm({ member, who, closeTo }: { member: Member; who: string; closeTo: string }) {
  const navigation = useNavigation();
  const select = useRef<HTMLSelectElement>(null);
  // Opened from the row's menu, the form takes the focus the closed menu gave up.
  useEffect(() => select.current?.focus(), []);
  const saving =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "set-role" && navigation.formData.get("id") === member.id;
  return (
    <Form method="post" className="mb-2 flex flex-wrap items-end gap-2 rounded-xl bg-slate-50 p-3 dark:bg-slate-900">
      <input type="hidden" name="intent" value="set-role" />
      <input type="hidden" name="id" value={member.id} />
      <div>
        <label htmlFor={`role-${member.id}`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Role of {who}
        </label>
        <select
          ref={select}
          id={`role-${member.id}`}
          name="staffRole"
          defaultValue={member.staffRole ?? ""}
          className="field-input mt-1 py-1"
        >
          {member.staffRole ? null : <option value="">No role</option>}
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary px-3 py-1.5" disabled={saving}>
        {saving ? "Saving..." : "Save role"}
      </button>
      <Link to={closeTo} className="btn-secondary px-3 py-1.5">
        Cancel
      </Link>
    </Form>
  );
}

function RemoveConfirm({ member, who, closeTo }: { member: Member; who: string; closeTo: string }) {
  const navigation = useNavigation();
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "remove" && navigation.formData.get("id") === member.id;
  return (
    <Form
      method="post"
      className="mb-2 flex flex-wrap items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={member.id} />
      <p ref={question} tabIndex={-1} className="w-full focus:outline-none">
        Remove {who}? Their account is deleted and they are signed out everywhere.
      </p>
      <button type="submit" className="btn bg-red-700 px-3 py-1.5 text-white hover:bg-red-800" disabled={pending}>
        {pending ? "Removing..." : `Remove ${member.name || member.email}`}
      </button>
      <Link to={closeTo} className="btn-secondary px-3 py-1.5">
        Cancel
      </Link>
    </Form>
  );
}
