import { Link } from "react-router";
import type { Route } from "./+types/invitation-google";
import { FormError } from "~/components/forms/form-error";
import { invitationGoogleLoader } from "./invitation-google.server";
import { privateMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Your invitation", matches);
}

export function loader({ request }: Route.LoaderArgs) {
  return invitationGoogleLoader(request);
}

/** Shown only when Google's identity could not join the company; success redirects to the portal. */
export default function InvitationGoogle({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Your invitation</h1>
        <FormError className="mt-6" message={loaderData.message} />
        <Link to="/login" className="mt-6 block text-center text-sm underline">
          Login
        </Link>
      </div>
    </div>
  );
}
