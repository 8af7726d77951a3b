import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/staff-invitation";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { FormError } from "~/components/forms/form-error";
import { INVITATION_FAILURE, INVITATION_UNUSABLE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { PASSWORD_MIN } from "~/lib/password-rules";
import { acceptInvitationSchema } from "~/lib/schemas/staff";
import { STAFF_ROLE_LABELS } from "~/lib/staff-roles";
import { invitationAction, invitationLoader } from "./staff-invitation.server";
import { privateMeta } from "~/lib/seo";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(acceptInvitationSchema);

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Set up your staff account", matches);
}

// The token travels in the query string (logs redact query strings), and only the
// POST spends it, so a mail scanner that opens the link cannot.
export function loader({ request }: Route.LoaderArgs) {
  return invitationLoader(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return invitationAction(request, context.clientIp);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, INVITATION_FAILURE);
}

export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, token } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    // A fixed field loses its error as it is typed, not on blur: a blur on the button's mousedown
    // would otherwise move the button away before the click lands.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptInvitationSchema }),
  });
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Set up your staff account</h1>
        {invitation ? (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {invitation.name ? `${invitation.name}, you` : "You"} are invited as {STAFF_ROLE_LABELS[invitation.staffRole]} with{" "}
              <span className="font-medium break-all">{invitation.email}</span>. Choose your password to finish.
            </p>
            <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
              <input type="hidden" name="token" value={token} />
              <NewPasswordFields password={fields.password} confirm={fields.confirm} min={PASSWORD_MIN.staff} />
              <FormError message={actionData?.message ?? fields.token.errors?.join(" ")} />
              <button type="submit" className="btn-primary w-full">
                Save password and sign in
              </button>
            </Form>
          </>
        ) : (
          <FormError className="mt-6" message={actionData?.message ?? INVITATION_UNUSABLE} />
        )}
        <Link to="/employee-login" className="mt-6 block text-center text-sm underline">
          Employee Login
        </Link>
      </div>
    </div>
  );
}
