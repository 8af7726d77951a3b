import type { Route } from "./+types/apply-submit";
import { getSessionUser } from "~/server/auth/session.server";
import { submitApplication } from "~/server/models/pipeline/applications.server";
import { parseApplicationForm } from "~/server/uploads/resume-upload.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { applicationStatus } from "../+shared/upload-status.server";

// The JavaScript path of the application form (XMLHttpRequest, for upload progress). The page's own
// action handles the same submission without JavaScript.
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isSameOrigin(request)) {
    return Response.json({ status: "error", message: "Cross-site request refused." }, { status: 403 });
  }
  const outcome = await submitApplication(() => parseApplicationForm(request), {
    jobId: params.id,
    clientIp: context.clientIp,
    // SPEC §3: appliedBy is the signed-in user's id, or null for guests.
    appliedBy: (await getSessionUser(request))?.id ?? null,
  });
  return Response.json(outcome, { status: applicationStatus(outcome), headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
