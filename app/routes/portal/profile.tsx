import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect, useRevalidator, useSearchParams } from "react-router";
import type { Route } from "./+types/profile";
import { LoadingBar } from "~/components/loading-bar";
import { GetButton } from "~/components/portal/get-button";
import { CloseIcon, PencilIcon } from "~/components/portal/icons";
import { PanelError, PanelHeader } from "~/components/portal/panel";
import { ProfileForm } from "~/components/portal/profile-form";
import { ProfileView } from "~/components/portal/profile-view";
import { SuccessPanel } from "~/components/success-panel";
import { WaitingOnYou } from "~/components/portal/waiting-on-you";
import { PROFILE_LOADING, PROFILE_SAVE_FAILURE, portalMeta, skipReloadOnQueryChange } from "~/lib/portal";
import { keepFailureInForm } from "~/lib/form-failure";
import { profileSchema } from "~/lib/schemas/profiles";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { getProfile, saveProfile } from "~/server/models/accounts/profiles.server";
import { waitingOnYouNow } from "~/server/models/reports/waiting-on-you.server";
import { clientMayUseBilling } from "~/server/models/billing/billing-contacts.server";
import { requireClient, type ClientUser } from "~/server/auth/session.server";

export function meta({ matches }: Route.MetaArgs) {
  return portalMeta("Profile", matches);
}
export const shouldRevalidate = skipReloadOnQueryChange;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  const [profile, waiting] = await Promise.all([getProfile({ ownerId: user.id }), loadWaitingOnYou(user)]);
  if (!profile) return { email: user.email, emailVerified: user.emailVerified, profile: null, waiting };
  const { fullName, phone, company, country, updatedAt } = profile;
  return { email: user.email, profile: { fullName, phone, company, country, updatedAt }, waiting };
}

/** A failure here leaves the SPEC's Profile panel working, with a note in its place. */
async function loadWaitingOnYou(user: ClientUser) {
  try {
    const billing = clientMayUseBilling(user);
    return await waitingOnYouNow({ userId: user.id, companyId: user.companyId, billing });
  } catch (error) {
    logger.error({ err: error }, "waiting on you failed");
    return null;
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireClient(request);
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save-profile"]);
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    await saveProfile(user, submission.value);
  } catch (error) {
    logger.error({ err: error }, "profile save failed");
    return formResult({ intent, status: "error", message: PROFILE_SAVE_FAILURE, result: submission.reply() }, 500);
  }
  // Back to view mode; a reload after saving does not post again.
  return redirect(href("/user-dashboard"));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { "save-profile": PROFILE_SAVE_FAILURE });
}

export default function ProfilePanel({ loaderData, actionData }: Route.ComponentProps) {
  const { email, profile, waiting } = loaderData;
  const [searchParams] = useSearchParams();
  const reloading = useRevalidator().state === "loading";
  // After a failed save the form stays open with what was typed, even without JavaScript.
  const failed = actionData?.intent === "save-profile" && actionData.status !== "success";
  const editing = Boolean(profile) && (searchParams.has("edit") || failed);
  const formProps = { email, lastResult: failed ? actionData.result : undefined, formError: failed ? actionData.message : undefined };

  if (!profile) {
    return (
      <section>
        <PanelHeader title="Complete your profile" intro="Tell us how to reach you about your projects." />
        {/* No profile yet is the moment right after sign-up: the way in, step by step. */}
        <div className="mb-8">
          <SuccessPanel
            announce={false}
            title="Welcome, your account is ready"
            steps={[
              ...("emailVerified" in loaderData && !loaderData.emailVerified
                ? [`Confirm your e-mail address: open the link we sent to ${email}.`]
                : []),
              "Complete your profile below, so we know how to reach you.",
              "Then follow your projects in My Projects, and ask us anything in Support.",
            ]}
          />
        </div>
        <WaitingOnYou loaded={waiting} />
        <h2 className="sr-only">Your profile</h2>
        {reloading ? <LoadingBar label={PROFILE_LOADING} /> : null}
        <ProfileForm {...formProps} submitLabel="Save Profile" />
      </section>
    );
  }
  const values = { fullName: profile.fullName, phone: profile.phone, company: profile.company, country: profile.country };
  return (
    <section>
      <PanelHeader
        title={editing ? "Edit profile" : "Profile"}
        action={
          editing ? (
            <GetButton to={href("/user-dashboard")} aria-label="Cancel editing" className="btn-secondary px-3">
              <CloseIcon />
            </GetButton>
          ) : (
            <GetButton to={href("/user-dashboard")} params={{ edit: "1" }} aria-label="Edit profile" className="btn-secondary px-3">
              <PencilIcon />
            </GetButton>
          )
        }
      />
      {editing ? null : (
        <>
          <WaitingOnYou loaded={waiting} />
          <h2 className="sr-only">Your profile</h2>
        </>
      )}
      {reloading ? <LoadingBar label={PROFILE_LOADING} /> : null}
      {editing ? (
        <ProfileForm {...formProps} defaultValue={values} submitLabel="Save Changes" />
      ) : (
        <ProfileView email={email} profile={profile} />
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
