import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/site";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { privateMeta } from "~/lib/seo";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { CONTENT_TYPES } from "~/lib/site-content";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { listSiteItems } from "~/server/models/site/content.server";
import { startFromEmptySite } from "~/server/models/site/content-reset.server";

// Console → Site: the public site's content by type, and (admin) "Start from an empty site".

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Site | Employee Dashboard", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "site");
  const types = await Promise.all(
    CONTENT_TYPES.map(async (def) => {
      const items = await listSiteItems(def);
      return { type: def.type, label: def.label, total: items.length, drafts: items.filter((i) => i.hasDraft).length };
    }),
  );
  return { types, isAdmin: user.staffRole === "admin" };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "site");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["start-empty"]);
  if (user.staffRole !== "admin")
    return formResult({ intent, status: "error", message: "Only an admin can empty the site. Ask an admin." }, 403);
  if (formData.get("confirm") !== "yes")
    return formResult({ intent, status: "error", message: "Tick the box to confirm: the demo content cannot be brought back." }, 400);
  try {
    const { items, testimonials } = await startFromEmptySite(user);
    return formResult({
      intent,
      status: "success",
      message: `Removed ${items} demo item${items === 1 ? "" : "s"} and ${testimonials} demo testimonial${testimonials === 1 ? "" : "s"}. The public pages show what you add now.`,
    });
  } catch (error) {
    logger.error({ err: error }, "start from an empty site failed");
    return formResult({ intent, status: "error", message: CHANGE_FAILURE }, 500);
  }
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE);
}

export default function ConsoleSite({ loaderData, actionData }: Route.ComponentProps) {
  const { types, isAdmin } = loaderData;
  const navigation = useNavigation();
  const emptying = navigation.state === "submitting" && navigation.formData?.get("intent") === "start-empty";
  return (
    <section aria-labelledby="site-heading" className="max-w-3xl space-y-8">
      <div>
        <h2 id="site-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          Site
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          The public site&rsquo;s content. Edit a draft, preview it as the page will look, then publish; every version is kept.
        </p>
      </div>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {types.map((t) => (
          <li key={t.type} className="flex items-center justify-between gap-4 px-5 py-4">
            <Link
              to={href("/employee-dashboard/site/:type", { type: t.type })}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {t.label}
            </Link>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {t.total} item{t.total === 1 ? "" : "s"}
              {t.drafts ? `, ${t.drafts} with unpublished changes` : ""}
            </span>
          </li>
        ))}
      </ul>
      {isAdmin ? (
        <section aria-labelledby="start-empty-heading" className="rounded-2xl border border-red-200 p-5 dark:border-red-900">
          <h3 id="start-empty-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Start from an empty site
          </h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Removes the demo services, case studies and testimonials, with their history. What your staff added stays. This cannot be
            undone.
          </p>
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="start-empty" />
            <div className="flex items-start gap-2">
              <input id="confirm-empty" type="checkbox" name="confirm" value="yes" required className="mt-1 h-4 w-4" />
              <label htmlFor="confirm-empty" className="text-sm text-slate-800 dark:text-slate-200">
                I understand that the demo content is removed for good.
              </label>
            </div>
            <ActionMessage outcome={actionData} />
            <button type="submit" className="btn-secondary" disabled={emptying}>
              {emptying ? "Removing..." : "Start from an empty site"}
            </button>
          </Form>
        </section>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to the Overview" />;
}
