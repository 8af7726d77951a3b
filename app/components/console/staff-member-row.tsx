import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import type { FormResult } from "~/lib/form-result";
import type { StaffMember } from "~/lib/members";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "~/lib/staff-roles";
import { Time } from "~/components/time";

/** The Staff page's row: its time as epoch ms, and whether it is the reader's own account. */
type Member = Omit<StaffMember, "createdAt"> & { createdAt: number; isYou: boolean };

/** One row of the Staff page: role change, disable / re-enable and remove, each a form without JS. */
export function StaffMemberRow({ member, outcome }: { member: Member; outcome?: Pick<FormResult, "status" | "message"> }) {
  const navigation = useNavigation();
  const saving =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "set-role" && navigation.formData.get("id") === member.id;
  const who = member.name ? `${member.name} (${member.email})` : member.email;
  return (
    <>
      <tr>
        <td className="py-3 pr-4">
          <span className="font-medium break-all">{member.email}</span>
          {member.isYou ? <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(you)</span> : null}
          {member.name ? <span className="block text-xs text-slate-600 dark:text-slate-400">{member.name}</span> : null}
        </td>
        <td className="py-3 pr-4">
          <Form method="post" className="flex items-center gap-2">
            <input type="hidden" name="intent" value="set-role" />
            <input type="hidden" name="id" value={member.id} />
            <label htmlFor={`role-${member.id}`} className="sr-only">
              Role of {who}
            </label>
            <select id={`role-${member.id}`} name="staffRole" defaultValue={member.staffRole ?? ""} className="field-input py-1">
              {member.staffRole ? null : <option value="">No role</option>}
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {STAFF_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
            <button type="submit" className="btn-secondary px-3 py-1.5" disabled={saving} aria-label={`Save the role of ${who}`}>
              {saving ? "Saving..." : "Save"}
            </button>
          </Form>
        </td>
        <td className="py-3 pr-4">
          {member.disabledAt ? (
            <span className="text-red-700 dark:text-red-300">Disabled</span>
          ) : (
            <span className="text-emerald-700 dark:text-emerald-300">Active</span>
          )}
        </td>
        <td className="py-3 pr-4 whitespace-nowrap">
          <Time at={member.createdAt} />
        </td>
        <td className="py-3 text-right whitespace-nowrap">
          <span className="inline-flex gap-2">
            {member.disabledAt ? (
              <IntentButton
                intent="enable"
                id={member.id}
                label="Re-enable"
                pendingLabel="Enabling..."
                accessibleLabel={`Re-enable ${who}`}
              />
            ) : (
              <IntentButton
                intent="disable"
                id={member.id}
                label="Disable"
                pendingLabel="Disabling..."
                accessibleLabel={`Disable ${who}`}
              />
            )}
            <IntentButton intent="remove" id={member.id} label="Remove" pendingLabel="Removing..." accessibleLabel={`Remove ${who}`} />
          </span>
        </td>
      </tr>
      {outcome ? (
        <tr>
          <td colSpan={5} className="pb-3">
            <ActionMessage outcome={outcome} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
