import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { LOGOUT_FAILED } from "~/lib/auth-messages";
import { keepFailureInForm } from "~/lib/form-failure";
import { formResult } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { signOut } from "~/server/auth/sign-in.server";

// SPEC §4: logout signs out and goes to /. Only POST changes anything.
export async function action({ request }: Route.ActionArgs) {
  try {
    const headers = await signOut(request);
    return redirect("/", { headers });
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return formResult({ status: "error", message: LOGOUT_FAILED }, 500);
  }
}

export function loader() {
  return redirect("/");
}

// The successful path redirects to "/"; a failed request stays here with SPEC §8's text.
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, LOGOUT_FAILED);
}

export default function Logout({ actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-24 text-center">
      <p role="alert">{actionData?.message ?? LOGOUT_FAILED}</p>
    </div>
  );
}
