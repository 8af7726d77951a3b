import { Link } from "react-router";
import type { Route } from "./+types/account-two-factor";
import { ActionMessage } from "~/components/forms/action-message";
import { ConfirmEnrolment } from "~/components/two-factor/confirm-enrolment";
import { PasswordForm } from "~/components/two-factor/password-form";
import { RecoveryCodes } from "~/components/two-factor/recovery-codes";
import { keepFailureInForm } from "~/lib/form-failure";
import { TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import type { TwoFactorResult } from "~/lib/two-factor";
import { accountTwoFactorAction, accountTwoFactorLoader } from "./account-two-factor.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Two-factor sign-in", matches);
}

export function loader({ request }: Route.LoaderArgs) {
  return accountTwoFactorLoader(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return accountTwoFactorAction(request, context.clientIp);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const failed = TWO_FACTOR_MESSAGES.failed;
  return keepFailureInForm(request, serverAction, { start: failed, confirm: failed, regenerate: failed, disable: failed });
}

function only(actionData: TwoFactorResult | undefined, intent: TwoFactorResult["intent"]) {
  return actionData?.intent === intent ? actionData : undefined;
}

export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled, required, hasPassword, backTo } = loaderData;
  const result = actionData as TwoFactorResult | undefined;
  // Right after enrolment staff go on to the console; otherwise back where they came from.
  const fresh = loaderData.newRecoveryCodes;
  const continueTo = fresh && loaderData.role === "employee" ? "/employee-dashboard" : backTo;
  const codes = result?.recoveryCodes ?? fresh;
  const notice = result?.recoveryCodes ? result.message : loaderData.notice;
  let body: React.ReactNode;
  if (codes) {
    body = (
      <div className="space-y-5">
        <ActionMessage outcome={{ status: "success", message: notice ?? undefined }} />
        <RecoveryCodes codes={codes} />
        <Link to={continueTo} className="btn-primary inline-block">
          I have saved my codes — continue
        </Link>
      </div>
    );
  } else if (result?.enrolment && !enabled) {
    body = <ConfirmEnrolment enrolment={result.enrolment} actionData={result} />;
  } else if (!enabled) {
    body = (
      <div className="space-y-4">
        {required ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Two-factor sign-in is required for staff. Set it up to continue to the console.
          </p>
        ) : null}
        <ActionMessage outcome={{ status: "success", message: loaderData.notice ?? undefined }} />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          After your password, you will also enter a code from an authenticator app on your phone, so a stolen password alone cannot open
          your account.
        </p>
        <PasswordForm intent="start" submitLabel="Set up two-factor sign-in" askPassword={hasPassword} actionData={only(result, "start")} />
      </div>
    );
  } else {
    body = (
      <div className="space-y-8">
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          Two-factor sign-in is on.
        </p>
        <section className="space-y-2">
          <h2 className="font-semibold text-slate-900 dark:text-white">New recovery codes</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Makes ten new codes; the old ones stop working.</p>
          <PasswordForm
            intent="regenerate"
            submitLabel="Make new recovery codes"
            askPassword={hasPassword}
            actionData={only(result, "regenerate")}
          />
        </section>
        <section className="space-y-2">
          <h2 className="font-semibold text-slate-900 dark:text-white">Turn off</h2>
          {required ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_MESSAGES.staffRequired}</p>
          ) : (
            <>
              <p className="text-sm text-slate-600 dark:text-slate-400">Sign in with your password alone again.</p>
              <PasswordForm
                intent="disable"
                submitLabel="Turn off two-factor sign-in"
                askPassword={hasPassword}
                actionData={only(result, "disable")}
                danger
              />
            </>
          )}
        </section>
      </div>
    );
  }
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Two-factor sign-in</h1>
        <div className="mt-6">{body}</div>
        {codes ? null : (
          <Link to={backTo} className="mt-8 block text-center text-sm text-slate-700 underline dark:text-slate-300">
            Back
          </Link>
        )}
      </div>
    </div>
  );
}
