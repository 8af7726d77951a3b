import { data, href, redirect } from "react-router";
import type { Route } from "./+types/site-new";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { SiteEditor } from "~/components/console/site-editor";
import { privateMeta } from "~/lib/seo";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { isRefusal } from "~/lib/refusal";
import { contentType, type ContentTypeDef } from "~/lib/site-content";
import type { SessionUser } from "~/server/auth/actor.server";
import { requireStaff } from "~/server/auth/session.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { createSiteItem } from "~/server/models/site/content-write.server";
import { parseSiteForm, requireContentType, takeSiteUpload, withSiteForm, type SiteForm } from "./site.server";

// A new item of a content type: saved as a draft, published from its own page after a preview.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("New | Site | Employee Dashboard", matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "site");
  const def = requireContentType(params.type);
  if (def.fixed)
    throw data(`There is a fixed set of ${def.label.toLowerCase()}; edit one of them instead.`, { status: 404, statusText: "Not found" });
  return { type: def.type };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "site");
  const def = requireContentType(params.type);
  return withSiteForm(request, def, (form) => create(user, def, form));
}

async function create(user: SessionUser, def: ContentTypeDef, form: SiteForm) {
  const intent = requireIntent(form.formData, ["save"]);
  const submission = parseSiteForm(def, form);
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  let id: string;
  try {
    await takeSiteUpload(user, def, form, submission);
    id = await createSiteItem(user, def, submission.value);
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission });
    logger.error({ err: error }, "site item create failed");
    return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
  }
  throw redirect(`${href("/employee-dashboard/site/:type/:id", { type: def.type, id })}?created=1`);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGES_FAILURE);
}

export default function SiteNew({ loaderData, actionData }: Route.ComponentProps) {
  // The loader checked the type; the component reads the same client-safe definition.
  const def = contentType(loaderData.type);
  if (!def) return null;
  const defaults: Record<string, string | undefined> = { visible: "on", order: "0" };
  return (
    <ConsoleEditPage
      headingId="site-new-heading"
      className="max-w-3xl"
      backTo={href("/employee-dashboard/site/:type", { type: def.type })}
      backLabel={`← All ${def.label.toLowerCase()}`}
      title={`New ${def.singular}`}
    >
      <SiteEditor
        def={def}
        formId={`site-new-${def.type}`}
        defaultValue={defaults}
        lockVersion={0}
        lastResult={actionData?.result}
        outcome={actionData}
        submitLabel="Save draft"
      />
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/site")} backLabel="Back to Site" />;
}
