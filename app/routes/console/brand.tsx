import { href } from "react-router";
import type { Route } from "./+types/brand";
import { BrandForm } from "~/components/console/brand-form";
import { MailIdentityForm } from "~/components/console/mail-identity-form";
import { SectionError } from "~/components/console/section-error";
import { SettingsPageHeader } from "~/components/console/settings-page-header";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { brandPageData, saveBrandForm, saveMailForm } from "./brand.server";

// The agency's name, contact details, links and colour, and who mails are from (admin only, like
// Settings). Each form carries the version it was loaded with: a save over someone else's newer
// one is refused, and the form keeps what was typed.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Brand | Settings", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  return brandPageData();
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "settings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save-brand", "save-mail"]);
  return intent === "save-brand" ? saveBrandForm(user, formData) : saveMailForm(user, formData);
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { "save-brand": CHANGES_FAILURE, "save-mail": CHANGES_FAILURE });
}

export default function ConsoleBrand({ loaderData, actionData }: Route.ComponentProps) {
  const { brand, brandVersion, mail, mailVersion } = loaderData;
  const brandOutcome = actionData?.intent === "save-brand" ? actionData : undefined;
  const mailOutcome = actionData?.intent === "save-mail" ? actionData : undefined;
  return (
    <section aria-labelledby="brand-heading" className="max-w-3xl space-y-10">
      <div>
        <SettingsPageHeader
          headingId="brand-heading"
          title="Brand"
          intro="The agency's name, contact details and colour, as the public site, the portal and every mail show them."
        />
        {/* Remounted with the saved values after a save (the version changes); a refused save keeps what was typed. */}
        <BrandForm key={brandVersion} brand={brand} version={brandVersion} lastResult={brandOutcome?.result} outcome={brandOutcome} />
      </div>
      <section aria-labelledby="mail-heading">
        <h3 id="mail-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Mail
        </h3>
        <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
          Who mails are from, and where notices of new leads and applications go. Sign-in and client mails are not affected by the inboxes.
        </p>
        <MailIdentityForm key={mailVersion} mail={mail} version={mailVersion} lastResult={mailOutcome?.result} outcome={mailOutcome} />
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/settings")} backLabel="Back to Settings" />;
}
