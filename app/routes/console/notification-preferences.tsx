import { href, Link } from "react-router";
import type { Route } from "./+types/notification-preferences";
import { SectionError } from "~/components/console/section-error";
import { MailPreferencesForm } from "~/components/settings/mail-preferences-form";
import { keepFailureInForm } from "~/lib/form-failure";
import { MAIL_PREFERENCES_FAILURE } from "~/lib/mail-preferences";
import { mailPreferencesPage, saveMailPreferencesForm } from "~/routes/+shared/notification-preferences.server";
import { requireStaff } from "~/server/auth/session.server";
import { privateMeta } from "~/lib/seo";

// A staff member's e-mail preferences (decision 0046).

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("E-mail preferences | Employee Dashboard", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "account");
  return mailPreferencesPage(user);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "account");
  return saveMailPreferencesForm(request, user);
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, MAIL_PREFERENCES_FAILURE);
}

export default function ConsoleMailPreferences({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="mail-preferences-heading" className="max-w-3xl">
      <h2 id="mail-preferences-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        E-mail preferences
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Which notifications reach you by e-mail. Back to{" "}
        <Link to={href("/employee-dashboard/account")} className="underline">
          My account
        </Link>
        .
      </p>
      <MailPreferencesForm {...loaderData} outcome={actionData} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/account")} backLabel="Back to My account" />;
}
