import type { Route } from "./+types/passkey-sign-in";
import { SIGN_IN_FAILED } from "~/lib/auth-messages";
import { withFlash } from "~/lib/flash";
import { passkeySignInFormSchema } from "~/lib/schemas/passkeys";
import { getPendingStepUp, getSessionUser } from "~/server/auth/session.server";
import { parseCredential, passkeySignInOptions, signInWithPasskey } from "~/server/auth/passkeys.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { isSameOrigin } from "~/server/http/origin-check.server";

// "Sign in with a passkey" on /login and /employee-login (decision 0030): the button's
// script asks for options, lets the browser sign the challenge, and posts the answer here. `form`
// says which login page asked, so SPEC §5's domain rules hold as for passwords. JSON answers:
// { options } | { redirectTo } | { message }.
export async function action({ request, context }: Route.ActionArgs) {
  // A guest's page: someone already signed in has nothing to do here.
  if (await getSessionUser(request)) return Response.json({ redirectTo: "/dashboard" });
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["options", "verify"] as const);
  const form = passkeySignInFormSchema.safeParse(formData.get("form"));
  if (!form.success) return Response.json({ message: SIGN_IN_FAILED }, { status: 400 });
  if (intent === "options") {
    const outcome = await passkeySignInOptions(request, context.clientIp);
    if (!outcome.ok) return Response.json({ message: outcome.message }, { status: outcome.status });
    return Response.json({ options: outcome.value }, { headers: outcome.headers });
  }
  const credential = parseCredential(formData.get("response"));
  if (!credential) return Response.json({ message: SIGN_IN_FAILED }, { status: 400 });
  // The two-factor step after Google or an e-mailed link offers the account's passkey too
  // (decision 0098): only that account's passkey, and its session replaces the pending one.
  const stepUp = await getPendingStepUp(request);
  const outcome = await signInWithPasskey(request, credential, form.data, context.clientIp, stepUp);
  if (!outcome.ok) return Response.json({ message: outcome.message }, { status: outcome.status });
  // The same landings and notices as the password forms (SPEC §5).
  const redirectTo = form.data === "employee" ? withFlash("/dashboard", "welcome") : withFlash("/user-dashboard", "login");
  return Response.json({ redirectTo }, { headers: outcome.headers });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
