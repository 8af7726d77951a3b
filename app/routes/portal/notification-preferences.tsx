import { href, Link } from "react-router";
import type { Route } from "./+types/notification-preferences";
import { PanelError, PanelHeader } from "~/components/portal/panel";
import { MailPreferencesForm } from "~/components/settings/mail-preferences-form";
import { keepFailureInForm } from "~/lib/form-failure";
import { MAIL_PREFERENCES_FAILURE } from "~/lib/mail-preferences";
import { portalMeta } from "~/lib/portal";
import { mailPreferencesPage, saveMailPreferencesForm } from "~/routes/+shared/notification-preferences.server";
import { requireClient } from "~/server/auth/session.server";

// A client's e-mail preferences (decision 0046).

export function meta({ matches }: Route.MetaArgs) {
  return portalMeta("E-mail preferences", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return mailPreferencesPage(user);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireClient(request);
  return saveMailPreferencesForm(request, user);
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, MAIL_PREFERENCES_FAILURE);
}

export default function PortalMailPreferences({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="max-w-3xl">
      <PanelHeader
        title="E-mail preferences"
        intro={
          <>
            Which notifications reach you by e-mail. Back to{" "}
            <Link to={href("/user-dashboard/settings")} className="underline">
              Settings
            </Link>
            .
          </>
        }
      />
      <MailPreferencesForm {...loaderData} outcome={actionData} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
