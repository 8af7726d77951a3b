import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/brand-logo";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { Picture } from "~/components/picture";
import { privateMeta } from "~/lib/seo";
import { LOGO_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import type { FormResult } from "~/lib/form-result";
import { iconPath, type ImageInfo } from "~/lib/images";
import { requireStaff } from "~/server/auth/session.server";
import { readBrand } from "~/server/brand/brand.server";
import { brandLogos } from "~/server/models/site/logo.server";
import { logoAction } from "./brand-logo.server";

// Console → Settings → Brand → Logo (admin): the logo for light backgrounds, an optional one for
// dark mode, and the favicons made from the first.

// A hint for the file picker, never the check. Here, not in lib/images.ts: that module is in every
// page's JavaScript (the header's logo), and this string is for this page alone.
const IMAGE_INPUT_ACCEPT = ".png,.jpg,.jpeg,.webp,.svg,image/png,image/jpeg,image/webp,image/svg+xml";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Logo | Settings | Employee Dashboard", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  const { value: brand, version } = await readBrand();
  return { version, agencyName: brand.name, logo: await brandLogos(brand) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "settings");
  return logoAction(user, request);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, LOGO_FAILURE);
}

export default function BrandLogoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { logo, version, agencyName } = loaderData;
  return (
    <section aria-labelledby="logo-heading" className="max-w-3xl">
      <p className="text-sm">
        <Link
          to={href("/employee-dashboard/settings")}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Settings
        </Link>
      </p>
      <h2 id="logo-heading" className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">
        Logo
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Shown in the site&apos;s header and footer and in the client portal; the browser tab&apos;s icon is made from it. SVG, PNG, JPEG or
        WebP, at most 5 MB. Without one, the built-in artwork shows.
      </p>
      <LogoSection
        variant="light"
        title="Logo"
        detail="For light backgrounds, and for dark ones too unless you add a dark-mode logo."
        image={logo.light}
        version={version}
        agencyName={agencyName}
        outcome={actionData}
      />
      <LogoSection
        variant="dark"
        title="Dark-mode logo"
        detail={logo.light ? "Optional: shown instead when a visitor uses the dark theme." : "Upload the logo for light backgrounds first."}
        image={logo.dark}
        version={version}
        agencyName={agencyName}
        outcome={actionData}
        disabled={!logo.light}
      />
      {logo.light ? (
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <h3 className="font-semibold text-slate-900 dark:text-white">Browser icons</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Made from the logo: the tab icon (32 × 32) and the home-screen icon (180 × 180).
          </p>
          <div className="mt-3 flex items-end gap-4">
            <img src={iconPath(logo.light.id, 32)} alt="Tab icon" width={32} height={32} />
            <img src={iconPath(logo.light.id, 180)} alt="Home-screen icon" width={90} height={90} className="rounded-xl" />
          </div>
        </div>
      ) : null}
    </section>
  );
}

function LogoSection(props: {
  variant: "light" | "dark";
  title: string;
  detail: string;
  image: ImageInfo | null;
  version: number;
  agencyName: string;
  outcome?: FormResult;
  disabled?: boolean;
}) {
  const { variant, title, detail, image, version, agencyName, outcome, disabled } = props;
  const navigation = useNavigation();
  const upload = `upload-${variant}`;
  const remove = `remove-${variant}`;
  const busy = navigation.state === "submitting" && [upload, remove].includes(String(navigation.formData?.get("intent")));
  const mine = outcome?.intent === upload || outcome?.intent === remove ? outcome : undefined;
  const errors = (mine?.result?.error ?? {}) as Record<string, string[] | null | undefined>;
  const id = `logo-${variant}`;
  const fileError = errors.file?.[0];
  const altError = errors.alt?.[0];
  return (
    <div
      aria-labelledby={`${id}-heading`}
      role="group"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{detail}</p>
      <div
        className={`mt-4 flex min-h-20 items-center rounded-lg p-4 ${variant === "dark" ? "bg-slate-950" : "bg-slate-50 ring-1 ring-slate-200"}`}
      >
        {image ? (
          <Picture image={image} height={48} />
        ) : (
          <p className={`text-sm ${variant === "dark" ? "text-slate-300" : "text-slate-600"}`}>
            {variant === "light"
              ? "No logo uploaded: the built-in artwork shows."
              : "No dark-mode logo: the logo above shows in both themes."}
          </p>
        )}
      </div>
      {disabled ? null : (
        <Form method="post" action={`?variant=${variant}`} encType="multipart/form-data" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={upload} />
          <input type="hidden" name="version" value={version} />
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-900 dark:text-white">
              {image ? "Replace with" : "Image file"}
            </label>
            <input
              id={`${id}-file`}
              name="file"
              type="file"
              required
              accept={IMAGE_INPUT_ACCEPT}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${id}-file-error` : undefined}
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-brand-200"
            />
            {fileError ? (
              <p id={`${id}-file-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                {fileError}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={`${id}-alt`} className="block text-sm font-medium text-slate-900 dark:text-white">
              Alt text
            </label>
            <input
              id={`${id}-alt`}
              name="alt"
              type="text"
              required
              maxLength={300}
              defaultValue={image?.alt ?? agencyName}
              aria-invalid={altError ? true : undefined}
              aria-describedby={altError ? `${id}-alt-error` : `${id}-alt-hint`}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
            />
            {altError ? (
              <p id={`${id}-alt-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                {altError}
              </p>
            ) : (
              <p id={`${id}-alt-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                What screen readers say for the logo: usually the agency&apos;s name.
              </p>
            )}
          </div>
          {mine?.intent === upload ? <ActionMessage outcome={mine} /> : null}
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && navigation.formData?.get("intent") === upload
              ? "Uploading..."
              : variant === "light"
                ? "Upload logo"
                : "Upload dark-mode logo"}
          </button>
        </Form>
      )}
      {/* Outside the form: once the logo is gone, so is its Remove button. */}
      {mine?.intent === remove ? (
        <div className="mt-4">
          <ActionMessage outcome={mine} />
        </div>
      ) : null}
      {image ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={remove} />
          <input type="hidden" name="version" value={version} />
          <button type="submit" className="btn-secondary mt-2" disabled={busy}>
            {variant === "light" ? "Remove logo" : "Remove dark-mode logo"}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/settings")} backLabel="Back to Settings" />;
}
