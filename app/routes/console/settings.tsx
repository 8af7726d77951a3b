import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { SETTINGS_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { PLACE_TEXT } from "~/lib/place-text";
import { privateMeta } from "~/lib/seo";
import { settingsSchema } from "~/lib/schemas/settings";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { getSettings, updateSettings, type AppSettings } from "~/server/models/shared/settings.server";

// The operator's switches, admin only, stored in the database and audited.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Settings | Employee Dashboard", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  return { settings: await getSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "settings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save-settings"]);
  const submission = parseWithZod(formData, { schema: settingsSchema });
  if (submission.status !== "success")
    return formResult({ intent, status: "invalid", message: "A switch is either on or off.", result: submission.reply() }, 400);
  const { selfRegistration, clientProjects, staffMagicLink, newDeliveryAssignedOnly } = submission.value;
  try {
    await updateSettings(user, { selfRegistration, clientProjects, staffMagicLink, newDeliveryAssignedOnly });
  } catch (error) {
    logger.error({ err: error }, "settings save failed");
    return formResult({ intent, status: "error", message: SETTINGS_FAILURE }, 500);
  }
  return formResult({ intent, status: "success", message: "Settings saved. They apply at once." });
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, SETTINGS_FAILURE);
}

const SWITCHES: { name: keyof AppSettings; label: string; detail: string }[] = [
  {
    name: "selfRegistration",
    label: "Clients can create their own account",
    detail:
      "On: the client sign-in page also offers Create Account. Off: it offers sign-in only and tells newcomers to ask you for an invitation.",
  },
  {
    name: "clientProjects",
    label: "Clients can create projects",
    detail:
      "On: clients start projects from My Projects. Off: only staff create projects; clients still see and follow their company's projects.",
  },
  {
    name: "staffMagicLink",
    label: "Staff may sign in with an e-mailed link",
    detail:
      "On: the staff sign-in page offers a sign-in link by e-mail; two-factor is still asked for. Off: staff addresses get no link (clients always may).",
  },
  {
    name: "newDeliveryAssignedOnly",
    label: "New delivery members see only their assigned companies",
    detail:
      "On: a colleague who accepts an invitation as Delivery starts limited to the companies they are assigned to (an admin can lift it on the Staff page). Off: they start seeing every company.",
  },
];

export default function ConsoleSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-settings";
  return (
    <section aria-labelledby="settings-heading" className="max-w-2xl">
      <h2 id="settings-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Settings
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        How clients get into the portal and what they may do there. Changes apply at once, for everyone.
      </p>
      {/* The key remounts the switches with the saved values after each save. */}
      <Form
        method="post"
        className="mt-6 space-y-6"
        key={`${settings.selfRegistration}-${settings.clientProjects}-${settings.staffMagicLink}-${settings.newDeliveryAssignedOnly}`}
      >
        <input type="hidden" name="intent" value="save-settings" />
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white px-5 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {SWITCHES.map((s) => (
            <li key={s.name} className="flex items-start justify-between gap-4 py-5">
              <div>
                <label htmlFor={`setting-${s.name}`} className="font-semibold text-slate-900 dark:text-white">
                  {s.label}
                </label>
                <p id={`setting-${s.name}-detail`} className="text-sm text-slate-600 dark:text-slate-400">
                  {s.detail}
                </p>
              </div>
              <input
                id={`setting-${s.name}`}
                type="checkbox"
                role="switch"
                name={s.name}
                value="on"
                defaultChecked={settings[s.name]}
                aria-describedby={`setting-${s.name}-detail`}
                className="mt-1 h-6 w-6 shrink-0 accent-brand-600"
              />
            </li>
          ))}
        </ul>
        <ActionMessage outcome={actionData} />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save settings"}
        </button>
      </Form>
      <p className="mt-8 text-slate-700 dark:text-slate-300">
        The agency's name, contact details, colour and mail sender:{" "}
        <Link
          to={href("/employee-dashboard/settings/brand")}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Brand
        </Link>
      </p>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        The logo in the site&apos;s header and footer, and the browser icons made from it:{" "}
        <Link
          to={href("/employee-dashboard/settings/brand/logo")}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Logo
        </Link>
      </p>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        How long rejected applications, lost leads and closed companies are kept:{" "}
        <Link
          to={href("/employee-dashboard/settings/retention")}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Data retention
        </Link>
      </p>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Mail clients sent to the reply address, and what was held or ignored:{" "}
        <Link
          to={href("/employee-dashboard/settings/inbound-mail")}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Inbound mail
        </Link>
      </p>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Signed events for your other tools, and alerts in a chat channel:{" "}
        <Link
          to={href("/employee-dashboard/settings/webhooks")}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Webhooks
        </Link>
      </p>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Tokens your other tools use to read and change records through the API:{" "}
        <Link
          to={href("/employee-dashboard/settings/api-tokens")}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          API tokens
        </Link>
      </p>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {PLACE_TEXT.settingsLink}{" "}
        <Link
          to={href("/employee-dashboard/settings/place")}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {PLACE_TEXT.title}
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to Overview" />;
}
