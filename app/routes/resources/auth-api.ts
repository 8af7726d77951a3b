import type { Route } from "./+types/auth-api";
import { auth } from "~/server/auth/auth.server";
import { markGoogleLanding } from "~/server/auth/google-landing.server";
import { withSignUpGate } from "~/server/auth/registration-gate.server";

// Only the browser-facing steps of Google sign-in go through Better Auth's HTTP handler. Every
// other auth step runs in our own actions (domain rules, rate limits), so the rest of its API is
// not exposed: a direct POST to /api/auth/sign-up/email must not create anyone, and a GET of
// /api/auth/verify-email (which verifies at once) must not let a mail scanner use up a link
// (decision 0028: our /verify-email page verifies on its POST only).
const EXPOSED = [/^\/api\/auth\/callback\/[\w-]+$/, /^\/api\/auth\/oauth2\/callback\/[\w-]+$/, /^\/api\/auth\/error$/];

function exposed(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return EXPOSED.some((pattern) => pattern.test(pathname));
}

// A callback may create a client account; the sign-up gate reads its facts first.
const handle = async (request: Request) => withSignUpGate(async () => (await auth()).handler(request));

export async function loader({ request }: Route.LoaderArgs) {
  if (!exposed(request)) return new Response("Not Found", { status: 404 });
  // The landing page may sign a refused account out only when it carries this callback's marker.
  return markGoogleLanding(await handle(request));
}

export async function action({ request }: Route.ActionArgs) {
  // Some providers answer with form_post; the same allow-list applies.
  if (!exposed(request)) return new Response("Not Found", { status: 404 });
  return markGoogleLanding(await handle(request));
}
