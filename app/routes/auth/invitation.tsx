import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/invitation";
import { FormError } from "~/components/forms/form-error";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { INVITATION_ACCEPT_FAILURE, INVITATION_GOOGLE_FAILED, INVITATION_UNUSABLE_TEXT } from "~/lib/client-invitations";
import { keepFailureInForm } from "~/lib/form-failure";
import { privateMeta } from "~/lib/seo";
import { useBrand } from "~/lib/use-brand";
import { acceptClientInvitationSchema } from "~/lib/schemas/client-invitations";
import { clientInvitationAction, clientInvitationLoader } from "./invitation.server";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(acceptClientInvitationSchema);

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Your invitation", matches);
}

// The token travels in the query string (logs redact query strings), and only the
// POST spends it, so a mail scanner that opens the link cannot.
export function loader({ request }: Route.LoaderArgs) {
  return clientInvitationLoader(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return clientInvitationAction(request, context.clientIp);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { accept: INVITATION_ACCEPT_FAILURE, google: INVITATION_GOOGLE_FAILED });
}

export default function ClientInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, token, state, googleEnabled } = loaderData;
  const support = useBrand().emails.support;
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">
          {invitation ? `Join ${invitation.company}` : "Your invitation"}
        </h1>
        {invitation && state === "valid" ? (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {invitation.inviter} invites {invitation.name ? `you, ${invitation.name},` : "you"} to {invitation.company}&apos;s client
              portal with <span className="font-medium break-all">{invitation.email}</span>. Choose a password to finish.
            </p>
            <PasswordForm token={token} actionData={actionData} />
            {googleEnabled ? (
              <Form method="post" className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-700">
                <input type="hidden" name="intent" value="google" />
                <input type="hidden" name="token" value={token} />
                {actionData?.intent === "google" ? <FormError className="mb-3" message={actionData.message} /> : null}
                <button type="submit" className="btn-secondary w-full">
                  Continue with Google
                </button>
                <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Use the Google account of {invitation.email}.</p>
              </Form>
            ) : null}
          </>
        ) : (
          <div className="mt-6 space-y-4 text-sm text-slate-700 dark:text-slate-300">
            <FormError message={INVITATION_UNUSABLE_TEXT[state === "valid" ? "unknown" : state]} />
            {state === "used" ? null : (
              <p>
                To get a new link, ask the person who invited you to send it again
                {support ? (
                  <>
                    , or write to us at{" "}
                    <a className="underline" href={`mailto:${support}`}>
                      {support}
                    </a>
                  </>
                ) : null}
                .
              </p>
            )}
          </div>
        )}
        <Link to="/login" className="mt-6 block text-center text-sm underline">
          Login
        </Link>
      </div>
    </div>
  );
}

function PasswordForm({ token, actionData }: { token: string; actionData: Route.ComponentProps["actionData"] }) {
  const outcome = actionData?.intent === "accept" ? actionData : undefined;
  const [form, fields] = useForm({
    lastResult: outcome?.result,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptClientInvitationSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields password={fields.password} confirm={fields.confirm} />
      <FormError message={outcome?.message ?? fields.token.errors?.join(" ")} />
      <button type="submit" className="btn-primary w-full">
        Save password and sign in
      </button>
    </Form>
  );
}
