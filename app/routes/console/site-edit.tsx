import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/site-edit";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { formDefaults, SiteEditor } from "~/components/console/site-editor";
import { LockedButton, SiteHistory } from "~/components/console/site-history";
import { ActionMessage } from "~/components/forms/action-message";
import { privateMeta } from "~/lib/seo";
import { CHANGES_FAILURE, CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { isRefusal } from "~/lib/refusal";
import { contentType, imageFieldOf, mediaIdOf, type ContentTypeDef } from "~/lib/site-content";
import type { SessionUser } from "~/server/auth/actor.server";
import { requireStaff } from "~/server/auth/session.server";
import { getImage } from "~/server/images/images.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { listSiteVersions } from "~/server/models/site/content.server";
import { deleteSiteItem, publishSiteItem, restoreSiteVersion, saveSiteDraft } from "~/server/models/site/content-write.server";
import {
  parseSiteForm,
  postedLockVersion,
  requireContentType,
  requireSiteItem,
  takeSiteUpload,
  withSiteForm,
  type SiteForm,
} from "./site.server";

// One item: its draft in the type's editor, preview, publish, its history with restore.

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return privateMeta(`${loaderData?.item.title ?? "Site"} | Site | Employee Dashboard`, matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "site");
  const def = requireContentType(params.type);
  const item = await requireSiteItem(def, params.id);
  const created = new URL(request.url).searchParams.has("created");
  const field = imageFieldOf(def);
  const mediaId = field ? mediaIdOf(item.draft[field.name]) : null;
  const [versions, picture] = await Promise.all([listSiteVersions(item.id), mediaId ? getImage(mediaId) : undefined]);
  return { type: def.type, item, versions, created, picture: picture ?? null };
}

const FAILURES = { save: CHANGES_FAILURE, publish: CHANGE_FAILURE, restore: CHANGE_FAILURE, delete: CHANGE_FAILURE };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "site");
  const def = requireContentType(params.type);
  return withSiteForm(request, def, (form) => change(user, def, params.id, form));
}

async function change(user: SessionUser, def: ContentTypeDef, id: string, form: SiteForm) {
  const params = { id };
  const { formData } = form;
  const intent = requireIntent(formData, ["save", "publish", "restore", "delete"]);
  await requireSiteItem(def, params.id);
  const lockVersion = postedLockVersion(formData);
  if (intent === "save") {
    const submission = parseSiteForm(def, form);
    if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
    try {
      await takeSiteUpload(user, def, form, submission);
      const outcome = await saveSiteDraft(user, def, params.id, submission.value, lockVersion);
      return formResult({
        intent,
        status: outcome === "saved" ? "success" : "unchanged",
        message:
          outcome === "saved" ? "Draft saved. Preview it, then publish to put it on the site." : "Nothing changed since the last save.",
        result: submission.reply(),
      });
    } catch (error) {
      // A conflict keeps the editor's text in the form (the reply), with who changed it and when.
      if (isRefusal(error)) return refusalResult(error, { intent, submission });
      logger.error({ err: error }, "site draft save failed");
      return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
    }
  }
  try {
    if (intent === "publish") {
      const outcome = await publishSiteItem(user, def, params.id, lockVersion);
      return formResult({
        intent,
        status: outcome === "saved" ? "success" : "unchanged",
        message: outcome === "saved" ? "Published. The public site shows it now." : "The draft is already what the site shows.",
      });
    }
    if (intent === "restore") {
      const number = Number(formData.get("version"));
      const created = await restoreSiteVersion(user, def, params.id, number, lockVersion);
      return formResult({
        intent,
        status: "success",
        message: `Version ${number} is the draft again (version ${created}). Preview it, then publish.`,
      });
    }
    if (formData.get("confirm") !== "yes")
      return formResult(
        { intent, status: "error", message: `Tick the box to confirm: the ${def.singular} and its history go for good.` },
        400,
      );
    await deleteSiteItem(user, def, params.id, lockVersion);
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent });
    logger.error({ err: error, intent }, "site item change failed");
    return formResult({ intent, status: "error", message: FAILURES[intent] }, 500);
  }
  throw redirect(href("/employee-dashboard/site/:type", { type: def.type }));
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, FAILURES);
}

export default function SiteEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { item, versions, created } = loaderData;
  // The loader checked the type; the component reads the same client-safe definition.
  const def = contentType(loaderData.type);
  if (!def) return null;
  const saved = actionData?.intent === "save" ? actionData : undefined;
  const other = actionData && actionData.intent !== "save" && actionData.intent !== "delete" ? actionData : undefined;
  const deleting = actionData?.intent === "delete" ? actionData : undefined;
  const status =
    item.publishedNumber === null
      ? "Never published"
      : item.hasDraft
        ? `Published version ${item.publishedNumber}; the draft has unpublished changes`
        : `Published version ${item.publishedNumber}`;
  return (
    <ConsoleEditPage
      headingId="site-edit-heading"
      className="max-w-3xl"
      backTo={href("/employee-dashboard/site/:type", { type: def.type })}
      backLabel={`← All ${def.label.toLowerCase()}`}
      title={item.title}
      summary={
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {status}.{created ? " Draft created: preview it, then publish." : ""}
        </p>
      }
    >
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <Link to={href("/site-preview/:type/:id", { type: def.type, id: item.id })} className="btn-secondary">
          Preview the draft
        </Link>
        {item.hasDraft ? (
          <LockedButton intent="publish" label="Publish" pendingLabel="Publishing..." lockVersion={item.lockVersion} primary />
        ) : null}
      </div>
      <div className="mb-6">
        <ActionMessage outcome={other} />
      </div>
      {/* Kept mounted across saves (a conflict must not wipe what was typed); fresh after publish or restore. */}
      <SiteEditor
        key={saved ? "editing" : `v${item.lockVersion}`}
        def={def}
        formId={`site-${item.id}`}
        defaultValue={formDefaults(def, item.draft)}
        lockVersion={item.lockVersion}
        lastResult={saved?.result}
        outcome={saved}
        submitLabel="Save draft"
        picture={loaderData.picture}
      />
      <SiteHistory versions={versions} lockVersion={item.lockVersion} publishedNumber={item.publishedNumber} />
      {def.fixed ? null : (
        <section aria-labelledby="delete-heading" className="mt-10">
          <h3 id="delete-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Delete this {def.singular}
          </h3>
          <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
            Its page and history go. To take it off the site for now, untick &ldquo;Visible&rdquo; and publish instead.
          </p>
          <div className="mb-3">
            <ActionMessage outcome={deleting} />
          </div>
          <LockedButton
            intent="delete"
            label={`Delete ${def.singular}`}
            pendingLabel="Deleting..."
            lockVersion={item.lockVersion}
            confirm={`I understand that this ${def.singular} and its history are deleted for good.`}
          />
        </section>
      )}
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/site")} backLabel="Back to Site" />;
}
