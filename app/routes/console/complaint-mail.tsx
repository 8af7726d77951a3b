import { data, href } from "react-router";
import type { Route } from "./+types/complaint-mail";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { Time } from "~/components/time";
import { isRefusal } from "~/lib/refusal";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { requireVisibleComplaint } from "./complaint.server";
import { originalMail } from "~/server/models/inbound/inbound-original.server";

// The original of a request's message that came by e-mail: its headers, the authentication results
// our server recorded, the whole text as sent (quoted history and signature included) and its
// files, with the raw message to download. Text only: the mail's HTML is never rendered here.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "support");
  // Only a request of a company the viewer may see (decision 0105); another is "not found".
  await requireVisibleComplaint(user, params.id);
  try {
    return { mail: await originalMail({ complaintId: params.id, messageId: params.messageId }), complaintId: params.id };
  } catch (error) {
    if (isRefusal(error)) throw data(error.message, { status: 404, statusText: "Not found" });
    throw error;
  }
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  return privateMeta(`${loaded?.mail.subject || "Original mail"} | Support inbox`, matches);
}

const term = "font-medium text-slate-600 dark:text-slate-400";

export default function ComplaintMail({ loaderData }: Route.ComponentProps) {
  const { mail, complaintId } = loaderData;
  const back = href("/employee-dashboard/support/:id", { id: complaintId });
  return (
    <ConsoleEditPage
      headingId="original-mail-heading"
      backTo={back}
      backLabel="← Back to the request"
      title={mail.subject || "(no subject)"}
      summary={
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The mail as it was sent, before its quotes and signature were cut off.
        </p>
      }
    >
      <div className="space-y-6">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className={term}>From</dt>
          <dd className="break-all">{mail.fromName ? `${mail.fromName} <${mail.from ?? ""}>` : (mail.from ?? "(none)")}</dd>
          <dt className={term}>To</dt>
          <dd className="break-all">{mail.recipients.join(", ") || "(none)"}</dd>
          <dt className={term}>Received</dt>
          <dd>
            <Time at={mail.receivedAt} withTime />
          </dd>
          <dt className={term}>Message-ID</dt>
          <dd className="font-mono text-xs break-all">{mail.messageId ?? "(none)"}</dd>
          <dt className={term}>Sender checks</dt>
          <dd>
            {mail.auth ? `SPF ${mail.auth.spf}, DKIM ${mail.auth.dkim}, DMARC ${mail.auth.dmarc}` : "Not reported by our mail server."}
          </dd>
        </dl>
        <section aria-labelledby="original-text" className="space-y-2">
          <h3 id="original-text" className="text-lg font-semibold text-slate-900 dark:text-white">
            Text
          </h3>
          <pre className="max-h-[60vh] overflow-auto rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
            {mail.fullText || "(no text)"}
          </pre>
        </section>
        {mail.attachments.length > 0 ? (
          <section aria-labelledby="original-files" className="space-y-2">
            <h3 id="original-files" className="text-lg font-semibold text-slate-900 dark:text-white">
              Files in the mail
            </h3>
            <ul className="list-disc pl-6 text-sm">
              {mail.attachments.map((a, i) => (
                <li key={i}>
                  {a.filename} ({a.contentType}, {Math.max(1, Math.round(a.size / 1024))} KB)
                </li>
              ))}
            </ul>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Files kept with the request are on its page; refused ones are listed there with the reason.
            </p>
          </section>
        ) : null}
        <p>
          <a
            href={href("/employee-dashboard/support/:id/mail/:messageId/raw", { id: complaintId, messageId: mail.id })}
            className="btn-secondary"
            download
          >
            Download the raw message (.eml)
          </a>
        </p>
      </div>
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/support")} backLabel="Back to the Support inbox" />;
}
