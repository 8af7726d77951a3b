import { Link } from "react-router";
import type { Route } from "./+types/employee-login";
import { CredentialsForm, GoogleButton } from "~/components/credentials-form";
import { PasskeySignInButton } from "~/components/passkey-sign-in-button";
import { SignInLinkDisclosure } from "~/components/sign-in-link-form";
import { EMPLOYEE_GOOGLE_FAILED, EMPLOYEE_LOGIN_FAILED } from "~/lib/auth-messages";
import { keepFailureInForm } from "~/lib/form-failure";
import { employeeLoginAction, employeeLoginLoader } from "./employee-login.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Employee Login", matches);
}

export function loader({ request }: Route.LoaderArgs) {
  return employeeLoginLoader(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return employeeLoginAction(request, context.clientIp);
}

// A failed request keeps the form and shows SPEC §8's text, not the error page.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { login: EMPLOYEE_LOGIN_FAILED, google: EMPLOYEE_GOOGLE_FAILED });
}

export default function EmployeeLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Employee Login</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Sign in with your @{loaderData.domain} work e-mail.</p>
        <div className="mt-6">
          <CredentialsForm
            id="employee-credentials"
            intent="login"
            emailLabel="Work Email"
            submitLabel="Login"
            passwordAutoComplete="current-password"
            lastResult={actionData?.result}
            error={actionData?.message ?? loaderData.error}
          />
        </div>
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="text-slate-700 underline dark:text-slate-300">
            Forgot password?
          </Link>
        </p>
        <div className="mt-4">
          <PasskeySignInButton form="employee" fallback={EMPLOYEE_LOGIN_FAILED} />
        </div>
        {/* Decision 0098: only when an admin allows staff to sign in with an e-mailed link. */}
        {loaderData.staffMagicLink ? <SignInLinkDisclosure id="employee-sign-in-link" emailLabel="Work e-mail for the link" /> : null}
        {loaderData.googleEnabled ? (
          <div className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-700">
            <GoogleButton label="Sign in with Google" />
          </div>
        ) : null}
        <Link to="/" className="mt-6 block text-center text-sm text-slate-700 underline dark:text-slate-300">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
