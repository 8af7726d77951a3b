import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { FormError } from "~/components/forms/form-error";
import { NOTIFICATION_LABELS, type NotificationType } from "~/lib/notification-types";
import { readForm } from "~/server/http/form-data.server";
import { readUnsubscribeToken } from "~/server/mail/unsubscribe-token.server";
import { turnOffMail, unsubscribeTarget } from "~/server/models/notifications/preferences.server";
import { privateMeta } from "~/lib/seo";

// Decision 0046: a notification mail's unsubscribe link. The token alone says
// who and what, so there is no session and no CSRF token: a GET only shows what would stop (mail
// scanners open links), and the POST, by the button or a mail provider's RFC 8058 one-click
// (`List-Unsubscribe=One-Click` from its servers, without Origin), turns it off. An unknown,
// altered or malformed link changes nothing and says so, with a 400.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Unsubscribe", matches);
}

// A bare /unsubscribe is no bad input (a post whose token is in its body reloads the page without
// it), so it answers 200 and explains; a token that does not verify is the 400.
const MISSING = "This page opens from the unsubscribe link in one of our e-mails. Nothing was changed.";
const INVALID =
  "This unsubscribe link is not valid: it may be incomplete or altered. Nothing was changed. Sign in to choose your e-mail preferences.";

type Page =
  | { state: "invalid" | "missing"; message: string }
  | { state: "confirm" | "done" | "unchanged"; token: string; email: string; labels: string[]; digest: boolean; preferences: string };

/** `a•••@example.com`: enough for the owner to recognise, little for whoever else sees the page. */
function maskedAddress(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

async function resolve(token: string | null) {
  const claim = readUnsubscribeToken(token);
  const target = claim ? await unsubscribeTarget(claim) : null;
  return claim && target ? { claim, target } : null;
}

function pageOf(
  state: "confirm" | "done" | "unchanged",
  token: string,
  user: { email: string; role: string },
  types: readonly NotificationType[],
  digest: boolean,
): Page {
  const preferences =
    user.role === "client" ? href("/user-dashboard/notifications/preferences") : href("/employee-dashboard/notifications/preferences");
  return { state, token, email: maskedAddress(user.email), labels: types.map((type) => NOTIFICATION_LABELS[type]), digest, preferences };
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return data<Page>({ state: "missing", message: MISSING });
  const found = await resolve(token);
  if (!found) return data<Page>({ state: "invalid", message: INVALID }, { status: 400 });
  const { claim, target } = found;
  return data<Page>(pageOf("confirm", token!, target.user, target.types, claim.scope === "digest"));
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  // The one-click POST carries the token in the URL; the page's button also posts it in the body.
  const posted = form.get("token");
  const token = new URL(request.url).searchParams.get("token") ?? (typeof posted === "string" ? posted : null);
  const found = await resolve(token);
  if (!found) return data<Page>({ state: "invalid", message: INVALID }, { status: 400 });
  const { claim, target } = found;
  const changed = await turnOffMail(target.user, target.types);
  return data<Page>(pageOf(changed.length > 0 ? "done" : "unchanged", token!, target.user, target.types, claim.scope === "digest"));
}

function What({ page }: { page: Extract<Page, { labels: string[] }> }) {
  if (page.labels.length === 0) return <>nothing: no notification goes to your daily digest now</>;
  const list = page.labels.map((label) => `“${label}”`).join(", ");
  return page.digest ? <>the daily digest: e-mails about {list}</> : <>e-mails about {list}</>;
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const page = (actionData ?? loaderData) as Page;
  const link = "labels" in page ? page : null;
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">
          {page.state === "invalid"
            ? "Link not valid"
            : page.state === "missing"
              ? "Unsubscribe"
              : page.state === "confirm"
                ? "Unsubscribe"
                : "Unsubscribed"}
        </h1>
        <div role="status" aria-live="polite" className="mt-4 text-slate-700 dark:text-slate-300">
          {page.state === "invalid" ? (
            <FormError message={page.message} />
          ) : page.state === "missing" ? (
            <p>{page.message}</p>
          ) : !link ? null : link.state === "confirm" ? (
            <p>
              Stop sending <What page={link} /> to {link.email}? The notifications stay in your bell.
            </p>
          ) : link.state === "done" ? (
            <p>
              Done: we no longer send <What page={link} /> to {link.email}.
            </p>
          ) : (
            <p>
              Nothing to change: <What page={link} /> already do not reach {link.email}.
            </p>
          )}
        </div>
        {link?.state === "confirm" ? (
          <Form method="post" action={`?token=${encodeURIComponent(link.token)}`} className="mt-6">
            <input type="hidden" name="token" value={link.token} />
            <button type="submit" className="btn-primary w-full">
              Unsubscribe
            </button>
          </Form>
        ) : null}
        {!link ? null : (
          <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
            Signed in, you can choose for each kind of notification:{" "}
            <Link to={link.preferences} className="underline">
              E-mail preferences
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
