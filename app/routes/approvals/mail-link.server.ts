import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { DECISION_FAILURE } from "~/lib/milestones";
import { dashboardLink, projectLink } from "~/lib/links";
import { isRefusal, type Refusal } from "~/lib/refusal";
import { approvalDecisionSchema } from "~/lib/schemas/milestones";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult, refusalStatus } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { decideFromMail, readApprovalMailLink } from "~/server/models/projects/approval-mail-links.server";

// The server half of an approval mail's link page (decision 0099). The token in the address is the
// only key: an unknown one, or one of another approval, is a bare 404 before any body is read; a
// link that can no longer decide says why and points to the portal, showing nothing of the request.

/** Never stored or indexed; a post from the page sends only the origin as its Referer, never the token. */
export const MAIL_LINK_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "strict-origin",
  "X-Robots-Tag": "noindex",
};

function notFound(): never {
  throw new Response("Not found", { status: 404, statusText: "Not found", headers: MAIL_LINK_HEADERS });
}

/** Where a refused link sends the person: the project in the portal when the link named one. */
const portalFor = (refusal: Refusal) => (refusal.recordId ? projectLink("client", refusal.recordId) : dashboardLink("client"));

export async function loadMailLink(params: { id: string; token: string }, request: Request) {
  const wanted = new URL(request.url).searchParams.get("decision");
  const decision = wanted === "changes" ? ("changes" as const) : ("approve" as const);
  try {
    const view = await readApprovalMailLink({ approvalId: params.id, token: params.token });
    return data({ open: true as const, view, decision, portalUrl: projectLink("client", view.projectId) }, { headers: MAIL_LINK_HEADERS });
  } catch (error) {
    if (isRefusal(error, "gone", "conflict"))
      return data(
        { open: false as const, message: error.message, portalUrl: portalFor(error) },
        { status: refusalStatus(error), headers: MAIL_LINK_HEADERS },
      );
    if (isRefusal(error)) notFound();
    throw error;
  }
}

export async function mailLinkAction(params: { id: string; token: string }, request: Request) {
  // The token first: without a valid one nothing is read, said or changed.
  try {
    await readApprovalMailLink({ approvalId: params.id, token: params.token });
  } catch (error) {
    if (isRefusal(error, "not-found")) notFound();
    if (!isRefusal(error)) throw error;
    // A link that cannot decide any more: the loader's page says why.
  }
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["decide"]);
  const submission = parseWithZod(formData, { schema: approvalDecisionSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  const { approvalId, decision, comment } = submission.value;
  if (approvalId !== params.id) notFound();
  try {
    const decided = await decideFromMail({ approvalId, token: params.token, decision, comment });
    const message = decided.status === "approved" ? "Approved. The team has been told." : "Changes requested. The team has been told.";
    return formResult({ intent, status: "success", message, result: submission.reply({ resetForm: true }) });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission });
    logger.error({ err: error }, "approval decision from a mail link failed");
    return formResult({ intent, status: "error", message: DECISION_FAILURE, result: submission.reply() }, 500);
  }
}
