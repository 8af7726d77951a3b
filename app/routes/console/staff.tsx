import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { Pager } from "~/components/console/pager";
import { SectionError } from "~/components/console/section-error";
import { FormField, InputField } from "~/components/forms/form-field";
import { StaffMemberRow } from "~/components/console/staff-member-row";
import { STAFF_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { pageFrom } from "~/lib/pagination";
import { staffInviteSchema } from "~/lib/schemas/staff";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "~/lib/staff-roles";
import { requireStaff } from "~/server/auth/session.server";
import { listStaff } from "~/server/models/accounts/staff.server";
import { listPendingInvitations } from "~/server/models/accounts/staff-invitations.server";
import { staffAction } from "./staff.server";
import { ConsoleListPage } from "~/components/console/list-page";
import { RuledTableHead } from "~/components/console/list-table";
import { Time } from "~/components/time";
import { companyDomain } from "~/server/brand/company-domain.server";

// Derived from the schema once, not on every render.
const inviteConstraint = getZodConstraint(staffInviteSchema);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "staff");
  const { page, limit, offset } = pageFrom(new URL(request.url));
  const [staff, invitations] = await Promise.all([listStaff(), listPendingInvitations()]);
  return {
    page,
    total: staff.length,
    staff: staff.slice(offset, offset + limit).map((s) => ({ ...s, createdAt: Date.parse(s.createdAt), isYou: s.id === user.id })),
    invitations,
    domain: companyDomain(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "staff");
  return staffAction(user, request);
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, STAFF_FAILURE);
}

export default function ConsoleStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, page, total, domain, invitations } = loaderData;
  // A per-row answer shows in its row; the invitation form's beside that form.
  const rowOutcome = actionData?.targetId ? actionData : undefined;
  // A removed member's row is gone: their answer shows above the table instead.
  const rowGone = rowOutcome && !staff.some((s) => s.id === rowOutcome.targetId) && !invitations.some((i) => i.id === rowOutcome.targetId);
  return (
    <ConsoleListPage
      headingId="staff-heading"
      title="Staff"
      intro={<>Invite colleagues with an @{domain} address; they choose their own password. Each role opens only its own sections.</>}
    >
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-8">
          {rowGone ? <ActionMessage outcome={rowOutcome} /> : null}
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Staff accounts, {total} in total</caption>
              <RuledTableHead columns={["Email", "Role", "Status", "Since"]} wideOnly={["Since"]} actions />
              <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
                {staff.map((s) => (
                  <StaffMemberRow key={s.id} member={s} outcome={rowOutcome?.targetId === s.id ? rowOutcome : undefined} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={total} />
          <PendingInvitations invitations={invitations} outcome={rowOutcome} />
        </div>
        <div className="self-start rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <h3 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">Invite a colleague</h3>
          <InviteForm domain={domain} outcome={actionData?.intent === "invite" ? actionData : undefined} />
        </div>
      </div>
    </ConsoleListPage>
  );
}

function PendingInvitations({
  invitations,
  outcome,
}: {
  invitations: Route.ComponentProps["loaderData"]["invitations"];
  outcome?: Route.ComponentProps["actionData"];
}) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">Pending invitations</h3>
      {invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No invitations are waiting.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Pending invitations">
          {invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span className="text-slate-800 dark:text-slate-200">
                <span className="font-medium break-all">{i.email}</span> · {STAFF_ROLE_LABELS[i.staffRole]} ·{" "}
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
                  intent="resend"
                  id={i.id}
                  label="Resend"
                  pendingLabel="Sending..."
                  accessibleLabel={`Resend the invitation to ${i.email}`}
                />
                <IntentButton
                  intent="revoke"
                  id={i.id}
                  label="Revoke"
                  pendingLabel="Revoking..."
                  accessibleLabel={`Revoke the invitation to ${i.email}`}
                />
              </span>
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

function InviteForm({ domain, outcome }: { domain: string; outcome?: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const inviting = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const [form, fields] = useForm({
    id: "invite-staff",
    lastResult: outcome?.result,
    constraint: inviteConstraint,
    defaultValue: { staffRole: "sales" },
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffInviteSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="invite" />
      <InputField field={fields.name} type="text" label="Name" optional autoComplete="off" />
      <FormField
        id={fields.email.id}
        label="Work email"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        hint={`Must end in @${domain}.`}
      >
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" className="field-input" />
      </FormField>
      <FormField id={fields.staffRole.id} label="Role" errors={fields.staffRole.errors} errorId={fields.staffRole.errorId}>
        <select {...getSelectProps(fields.staffRole)} className="field-input">
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </FormField>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={inviting}>
        {inviting ? "Sending..." : "Send invitation"}
      </button>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/staff")} backLabel="Back to Staff" />;
}
