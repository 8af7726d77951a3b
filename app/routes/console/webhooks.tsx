import { href, Link } from "react-router";
import type { Route } from "./+types/webhooks";
import { ChatAlertForm } from "~/components/console/chat-alert-form";
import { SectionError } from "~/components/console/section-error";
import { SettingsPageHeader } from "~/components/console/settings-page-header";
import { WebhookEndpointForm } from "~/components/console/webhook-endpoint-form";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { webhooksLink } from "~/lib/links";
import { privateMeta } from "~/lib/seo";
import { CHAT_ALERT_KINDS, WEBHOOK_EVENTS } from "~/lib/webhook-events";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { getChatAlerts } from "~/server/models/webhooks/chat-alerts.server";
import { listWebhookEndpoints } from "~/server/models/webhooks/webhook-endpoints.server";
import { addEndpoint, saveChatAlertForm } from "./webhooks.server";

// Decision 0103: webhook endpoints (signed JSON for the events each chooses) and chat alerts (a
// Slack, Teams or Mattermost channel per alert kind). Admin only, like Settings.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Webhooks | Settings", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  const [endpoints, chat] = await Promise.all([listWebhookEndpoints(), getChatAlerts()]);
  const notice = new URL(request.url).searchParams.get("notice") === "deleted" ? "Endpoint deleted." : null;
  return { endpoints, chat, notice };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "settings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["add", "chat-alert"]);
  return intent === "add" ? addEndpoint(user, formData) : saveChatAlertForm(user, formData);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { add: CHANGE_FAILURE, "chat-alert": CHANGE_FAILURE }, { targetField: "alert" });
}

export default function ConsoleWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints, chat, notice } = loaderData;
  return (
    <section aria-labelledby="webhooks-heading" className="max-w-5xl">
      <SettingsPageHeader
        headingId="webhooks-heading"
        title="Webhooks"
        intro="Send signed events to your other tools when something happens here, and post alerts to a chat channel."
      />
      {notice ? (
        <p role="status" className="mb-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          {notice}
        </p>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div>
          <h3 className="text-lg font-semibold text-slate-900 dark:text-white">Endpoints</h3>
          {endpoints.length === 0 ? (
            <p className="mt-2 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
              No endpoints yet.
            </p>
          ) : (
            <ul aria-label="Endpoints" className="mt-2 space-y-3">
              {endpoints.map((e) => (
                <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
                  <Link to={webhooksLink(e.id)} className="break-all font-medium text-brand-700 hover:underline dark:text-brand-300">
                    {e.url}
                  </Link>
                  {e.description ? <p className="text-sm text-slate-700 dark:text-slate-300">{e.description}</p> : null}
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {e.enabled ? "Enabled" : <span className="font-semibold text-amber-800 dark:text-amber-300">Disabled</span>} ·{" "}
                    {e.events.map((t) => WEBHOOK_EVENTS[t]).join(", ")}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-8 text-lg font-semibold text-slate-900 dark:text-white">Chat alerts</h3>
          <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
            Paste a channel&apos;s incoming-webhook URL from Slack, Microsoft Teams or Mattermost; leave it empty for no alerts.
          </p>
          <div className="space-y-3">
            {CHAT_ALERT_KINDS.map((kind) => (
              <ChatAlertForm
                key={kind}
                alert={kind}
                current={chat[kind]}
                logHref={chat[kind] ? webhooksLink(chat[kind].id) : undefined}
                outcome={actionData?.intent === "chat-alert" && actionData.targetId === kind ? actionData : undefined}
              />
            ))}
          </div>
        </div>
        <div>
          <WebhookEndpointForm intent="add" lastResult={actionData ?? undefined} />
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/settings")} backLabel="Back to Settings" />;
}
