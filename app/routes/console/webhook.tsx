import { Form, href, Link } from "react-router";
import type { Route } from "./+types/webhook";
import { SectionError } from "~/components/console/section-error";
import { WebhookEndpointForm } from "~/components/console/webhook-endpoint-form";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { Time } from "~/components/time";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { webhooksLink } from "~/lib/links";
import { privateMeta } from "~/lib/seo";
import { CHAT_ALERTS, WEBHOOK_EVENTS, type ChatAlert, type WebhookEventType } from "~/lib/webhook-events";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { listDeliveries } from "~/server/models/webhooks/webhook-deliveries.server";
import { getWebhookEndpoint } from "~/server/models/webhooks/webhook-endpoints.server";
import { ENDPOINT_INTENTS, endpointAction } from "./webhooks.server";

// Decision 0103: one endpoint: its signing secret (rotatable), its events, enable/disable, delete,
// "Send test event", and its delivery log with "Redeliver". Admin only.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Webhook endpoint | Settings", matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  const endpoint = await getWebhookEndpoint(params.id);
  if (!endpoint) throw new Response("Not found", { status: 404, statusText: "No such endpoint" });
  const deliveries = await listDeliveries(endpoint.id);
  const added = new URL(request.url).searchParams.get("notice") === "added";
  return { endpoint, deliveries, added };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "settings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ENDPOINT_INTENTS);
  return endpointAction(user, params.id, intent, formData);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE, { targetField: "deliveryId" });
}

const eventLabel = (type: string) => WEBHOOK_EVENTS[type as WebhookEventType] ?? (type === "webhook.test" ? "Test event" : type);

export default function ConsoleWebhook({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint, deliveries, added } = loaderData;
  const self = webhooksLink(endpoint.id);
  const pageOutcome = actionData && actionData.intent !== "save" && actionData.intent !== "redeliver" ? actionData : undefined;
  const title =
    endpoint.kind === "chat" ? `Chat alert: ${CHAT_ALERTS[endpoint.chatAlert as ChatAlert]?.label ?? "channel"}` : "Webhook endpoint";
  return (
    <section aria-labelledby="webhook-heading" className="max-w-5xl">
      <Link to={webhooksLink()} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
        ← Webhooks
      </Link>
      <h2 id="webhook-heading" className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      <p className="mt-1 break-all text-slate-700 dark:text-slate-300">{endpoint.url}</p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {endpoint.enabled ? (
          "Enabled"
        ) : (
          <span className="font-semibold text-amber-800 dark:text-amber-300">Disabled: {endpoint.disabledReason}</span>
        )}
      </p>
      {added ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          Endpoint added. Give the receiver the signing secret below to verify each event.
        </p>
      ) : null}
      <div className="mt-4 space-y-3">
        <ActionMessage outcome={pageOutcome} />
        {endpoint.kind === "webhook" ? (
          <div>
            <p className="field-label">Signing secret</p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              Verify each event&apos;s webhook-signature with it (Standard Webhooks; e.g. the standardwebhooks package).
            </p>
            <code
              className="mt-1 block break-all rounded bg-slate-100 p-2 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
              aria-label="Signing secret"
            >
              {endpoint.secret}
            </code>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <IntentButton intent="test" label="Send test event" pendingLabel="Sending..." action={self} />
          {endpoint.enabled ? (
            <IntentButton intent="disable" label="Disable" pendingLabel="Disabling..." action={self} />
          ) : (
            <IntentButton intent="enable" label="Enable" pendingLabel="Enabling..." action={self} />
          )}
          {endpoint.kind === "webhook" ? (
            <IntentButton intent="rotate-secret" label="Rotate secret" pendingLabel="Rotating..." action={self} />
          ) : null}
          {endpoint.kind === "webhook" ? (
            <IntentButton intent="delete" label="Delete endpoint" pendingLabel="Deleting..." action={self} />
          ) : null}
        </div>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div>
          <h3 className="text-lg font-semibold text-slate-900 dark:text-white">Delivery log</h3>
          {deliveries.length === 0 ? (
            <p className="mt-2 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
              Nothing sent yet.
            </p>
          ) : (
            <ul aria-label="Deliveries" className="mt-2 space-y-3">
              {deliveries.map((d) => (
                <li key={d.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
                  <p className="text-slate-600 dark:text-slate-400">
                    <Time at={d.createdAt} withTime /> · {eventLabel(d.type)} · <code className="text-xs">{d.eventId}</code>
                  </p>
                  <p className="mt-1 text-slate-900 dark:text-white">
                    <span className="font-semibold">{d.status}</span> · {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                    {d.responseStatus !== null ? ` · HTTP ${d.responseStatus}` : ""}
                    {d.durationMs !== null ? ` · ${d.durationMs} ms` : ""}
                    {d.status === "pending" && d.attempts > 0 ? (
                      <>
                        {" "}
                        · next try <Time at={d.nextAttemptAt} withTime />
                      </>
                    ) : null}
                  </p>
                  {d.lastError ? <p className="mt-1 text-amber-800 dark:text-amber-300">{d.lastError}</p> : null}
                  {d.responseBody ? (
                    <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                      {d.responseBody}
                    </pre>
                  ) : null}
                  {d.status !== "pending" ? (
                    <Form method="post" action={self} className="mt-2">
                      <input type="hidden" name="intent" value="redeliver" />
                      <input type="hidden" name="deliveryId" value={d.id} />
                      <button
                        type="submit"
                        className="btn-secondary px-3 py-1.5"
                        aria-label={`Redeliver ${eventLabel(d.type)} of ${new Date(d.createdAt).toISOString()}`}
                      >
                        Redeliver
                      </button>
                    </Form>
                  ) : null}
                  {actionData?.intent === "redeliver" && actionData.targetId === d.id ? (
                    <div className="mt-2">
                      <ActionMessage outcome={actionData} />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          {endpoint.kind === "webhook" ? (
            <WebhookEndpointForm
              key={endpoint.updatedAt}
              intent="save"
              editing={endpoint}
              lastResult={actionData ?? undefined}
              action={self}
            />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Change or remove this channel&apos;s URL on the{" "}
              <Link to={href("/employee-dashboard/settings/webhooks")} className="text-brand-700 hover:underline dark:text-brand-300">
                Webhooks
              </Link>{" "}
              page.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/settings/webhooks")} backLabel="Back to Webhooks" />;
}
