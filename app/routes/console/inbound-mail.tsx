import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/inbound-mail";
import { SectionError } from "~/components/console/section-error";
import { SettingsPageHeader } from "~/components/console/settings-page-header";
import { ActionMessage } from "~/components/forms/action-message";
import { Time } from "~/components/time";
import { keepFailureInForm } from "~/lib/form-failure";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { InboundUnknownSenders } from "~/components/console/inbound-unknown-senders";
import { InboundAssign } from "~/components/console/inbound-assign";
import { assignMessage, inboundPageData, retryMessage, saveUnknownSenders } from "./inbound-mail.server";

// Decision 0097: inbound mail as it arrived, how it was routed, what was held or ignored and why,
// with "Try again" on held and failed messages. Admin only, like Settings. Decision 0101: the
// "Mail from unknown addresses" setting, and "Assign by hand" on held messages.

const RETRY_FAILURE = "The message could not be queued again. Please try again.";
const ASSIGN_FAILURE = "The message could not be assigned. Please try again.";
const SAVE_FAILURE = "The setting could not be saved. Please try again.";
const FILTER_LABELS = { all: "All", held: "Held", failed: "Failed", ignored: "Ignored", routed: "Routed" } as const;

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Inbound mail | Settings", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  return inboundPageData(new URL(request.url));
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "settings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["retry", "unknown-senders", "assign-request", "assign-company"]);
  if (intent === "unknown-senders") return saveUnknownSenders(user, formData);
  if (intent === "assign-request" || intent === "assign-company") return assignMessage(user, formData, intent);
  return retryMessage(user, formData);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(
    request,
    serverAction,
    {
      retry: RETRY_FAILURE,
      "unknown-senders": SAVE_FAILURE,
      "assign-request": ASSIGN_FAILURE,
      "assign-company": ASSIGN_FAILURE,
    },
    { targetField: "messageId" },
  );
}

export default function ConsoleInboundMail({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, messages, unknownSenders, companies, imap } = loaderData;
  const navigation = useNavigation();
  const self = href("/employee-dashboard/settings/inbound-mail");
  const pendingId = navigation.state !== "idle" ? navigation.formData?.get("messageId") : null;
  return (
    <section aria-labelledby="inbound-heading" className="max-w-5xl">
      <SettingsPageHeader
        headingId="inbound-heading"
        title="Inbound mail"
        intro="Mail sent to the reply address: what became a reply, a request, a project comment or a lead, and what was held or ignored, with the reason."
      />
      {imap ? (
        <p role="status" className="mb-4 text-sm text-slate-700 dark:text-slate-300">
          IMAP mailbox <span className="break-all font-mono text-xs">{imap.mailbox}</span>:{" "}
          {imap.readBy ? (
            <>read by instance {imap.readBy}.</>
          ) : (
            <span className="font-semibold text-amber-800 dark:text-amber-300">
              no instance is connected now; the log says why (&ldquo;inbound IMAP: connection failed&rdquo;), and it is retried.
            </span>
          )}
        </p>
      ) : null}
      <InboundUnknownSenders value={unknownSenders} action={`${self}?status=${filter}`} outcome={actionData} />
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="inbound-status" className="field-label">
            Status
          </label>
          <select id="inbound-status" name="status" defaultValue={filter} key={filter} className="field-input">
            {Object.entries(FILTER_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {messages.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No inbound mail{filter === "all" ? "" : ` ${FILTER_LABELS[filter].toLowerCase()}`} yet.
        </p>
      ) : (
        <ul aria-label="Inbound messages" className="mt-6 space-y-3">
          {messages.map((m) => {
            const outcome = actionData?.targetId === m.id && actionData.intent === "retry" ? actionData : undefined;
            return (
              <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  <Time at={m.receivedAt} withTime /> ·{" "}
                  <span className="break-all">{m.purgedAt !== null ? "(sender removed)" : (m.fromAddress ?? "(not read yet)")}</span>
                </p>
                <p className="mt-1 font-medium text-slate-900 dark:text-white">
                  {m.purgedAt !== null ? "Original removed by Data retention" : m.subject || "(no subject)"}
                </p>
                <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
                  <span className="font-semibold">{m.status}</span>
                  {m.reason ? `: ${m.reason}` : ""}
                  {m.attempts > 1 ? ` (${m.attempts} tries)` : ""}
                  {m.complaintId ? (
                    <>
                      {" · "}
                      <a
                        href={href("/employee-dashboard/support/:id", { id: m.complaintId })}
                        className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                      >
                        Open the request
                      </a>
                    </>
                  ) : null}
                  {m.projectId ? (
                    <>
                      {" · "}
                      <a
                        href={href("/employee-dashboard/projects/:id", { id: m.projectId })}
                        className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                      >
                        Open the project
                      </a>
                    </>
                  ) : null}
                </p>
                {m.auth ? (
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    SPF {m.auth.spf}, DKIM {m.auth.dkim}, DMARC {m.auth.dmarc}
                  </p>
                ) : null}
                {m.refusedFiles.length > 0 ? (
                  <ul aria-label="Refused files" className="mt-1 list-disc pl-5 text-xs text-slate-700 dark:text-slate-300">
                    {m.refusedFiles.map((f) => (
                      <li key={f.name}>{f.reason}</li>
                    ))}
                  </ul>
                ) : null}
                {m.purgedAt === null && (m.status === "held" || m.status === "failed") ? (
                  <Form method="post" action={`${self}?status=${filter}`} className="mt-3">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="messageId" value={m.id} />
                    <button type="submit" className="btn-secondary" disabled={pendingId === m.id}>
                      {pendingId === m.id ? "Queuing..." : "Try again"}
                    </button>
                  </Form>
                ) : null}
                {m.purgedAt === null && m.status === "held" ? (
                  <InboundAssign
                    messageId={m.id}
                    action={`${self}?status=${filter}`}
                    companies={companies}
                    outcome={actionData?.targetId === m.id ? actionData : undefined}
                    busy={pendingId === m.id}
                  />
                ) : null}
                {outcome ? (
                  <div className="mt-2">
                    <ActionMessage outcome={outcome} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/settings")} backLabel="Back to Settings" />;
}
