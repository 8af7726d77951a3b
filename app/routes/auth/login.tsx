import { Link } from "react-router";
import type { Route } from "./+types/login";
import { CredentialsForm, GoogleButton } from "~/components/credentials-form";
import { PasskeySignInButton } from "~/components/passkey-sign-in-button";
import { SignInLinkDisclosure } from "~/components/sign-in-link-form";
import { CUSTOMER_GOOGLE_FAILED, REGISTER_FAILED, REGISTRATION_CLOSED, SIGN_IN_FAILED } from "~/lib/auth-messages";
import { keepFailureInForm } from "~/lib/form-failure";
import { seo } from "~/lib/seo";
import { loginAction, loginLoader } from "./login.server";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Login / Register",
    description: "Sign in to the client portal to follow your projects and raise support requests.",
    path: "/login",
    matches,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return loginLoader(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context.clientIp);
}

// A failed request keeps the form and shows the provider's fallback text (SPEC §8), not the error page.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { login: SIGN_IN_FAILED, register: REGISTER_FAILED, google: CUSTOMER_GOOGLE_FAILED });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const register = loaderData.mode === "register";
  const error = actionData?.message ?? loaderData.error;
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{register ? "Create Account" : "Login"}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {register ? "Create a client account to follow your projects." : "Sign in to your client portal."}
        </p>
        <div className="mt-6">
          <CredentialsForm
            key={loaderData.mode}
            id={`credentials-${loaderData.mode}`}
            intent={register ? "register" : "login"}
            submitLabel={register ? "Create Account" : "Login"}
            passwordAutoComplete={register ? "new-password" : "current-password"}
            askIdentity={register}
            lastResult={actionData?.result}
            error={error}
          />
        </div>
        {register ? null : (
          <div className="mt-4">
            <PasskeySignInButton form="client" fallback={SIGN_IN_FAILED} />
          </div>
        )}
        {register ? null : <SignInLinkDisclosure id="login-sign-in-link" />}
        {register ? null : (
          <p className="mt-4 text-center text-sm">
            <Link to="/forgot-password" className="text-slate-700 underline dark:text-slate-300">
              Forgot password?
            </Link>
          </p>
        )}
        {loaderData.selfRegistration ? (
          <p className="mt-4 text-center text-sm text-slate-700 dark:text-slate-300">
            {register ? "Already have an account? " : "Don't have an account? "}
            <Link
              to={register ? "/login" : "/login?mode=register"}
              replace
              role="button"
              className="font-semibold text-brand-700 underline dark:text-brand-300"
            >
              {register ? "Login" : "Create Account"}
            </Link>
          </p>
        ) : (
          <p className="mt-4 text-center text-sm text-slate-700 dark:text-slate-300">
            {REGISTRATION_CLOSED}{" "}
            <Link to="/quote" className="font-semibold text-brand-700 underline dark:text-brand-300">
              New to us? Ask for a quote.
            </Link>
          </p>
        )}
        {loaderData.googleEnabled ? (
          <div className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-700">
            <GoogleButton />
          </div>
        ) : null}
        <Link to="/" className="mt-6 block text-center text-sm text-slate-700 underline dark:text-slate-300">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
