import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { LOGOUT_FAILED } from "~/lib/auth-messages";
import { logger } from "~/server/logger.server";
import { signOut } from "~/server/auth/sign-in.server";

// SPEC §4: logout signs out and goes to /. Only POST changes anything.
export async function action({ request }: Route.ActionArgs) {
  try {
    const headers = await signOut(request);
    return redirect("/", { headers });
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return data({ error: LOGOUT_FAILED }, { status: 500 });
  }
}

export function loader() {
  return redirect("/");
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    // The successful path throws its redirect to "/"; only real failures stay here.
    if (error instanceof Response) throw error;
    return { error: LOGOUT_FAILED };
  }
}

export default function Logout({ actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-24 text-center">
      <p role="alert">{actionData?.error ?? LOGOUT_FAILED}</p>
    </div>
  );
}
