import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import type { ProposalPageData } from "~/lib/proposal-page";
import { proposalTotals } from "~/lib/proposals";
import { isRefusal } from "~/lib/refusal";
import { acceptProposalSchema, declineProposalSchema } from "~/lib/schemas/proposals";
import { getPlace } from "~/server/brand/locale.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResponse, refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { renderMarkdown } from "~/server/models/site/markdown.server";
import { acceptProposal } from "~/server/models/proposals/proposal-accept.server";
import { clientProposal, recordProposalView, type ProposalAccess } from "~/server/models/proposals/proposal-client.server";
import { declineProposal } from "~/server/models/proposals/proposal-decline.server";
import { proposalOutcome } from "~/server/models/proposals/proposal-portal.server";

// One proposal page for both readers (a member in the portal, a lead through a link's grant): the
// loader's data and the two forms' action. The chosen optional items come from the URL (the
// "Update total" button without JavaScript), so the total the sign form carries is always the one
// the page shows; the model checks it again.

/**
 * Never stored, never indexed. The pages send only their origin as a Referer (`strict-origin`): a
 * page with forms cannot use `no-referrer`, since browsers then post with `Origin: null`, which
 * the cross-site check refuses. The link's redirect itself, whose address holds the token, sends
 * `no-referrer` (routes/proposals/link.tsx).
 */
export const PROPOSAL_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "strict-origin",
  "X-Robots-Tag": "noindex",
};

/** The optional ids the URL chose (`choose=1` with any `items`), or the proposal's defaults. */
function chosenFrom(url: URL, offered: readonly string[], defaults: string[]): string[] {
  if (url.searchParams.get("choose") !== "1") return defaults;
  const wanted = new Set(url.searchParams.getAll("items"));
  return offered.filter((id) => wanted.has(id));
}

export async function proposalPage(access: ProposalAccess, proposalId: string, request: Request): Promise<ProposalPageData> {
  let proposal;
  try {
    proposal = await clientProposal(access, proposalId);
  } catch (error) {
    if (isRefusal(error)) throw refusalResponse(error, "Not found");
    throw error;
  }
  // Opening the page is a view; the page rendered again in answer to a form post is not (React
  // Router hands the loaders a GET that keeps the post's headers, so its Content-Type tells), and a
  // refused post changes nothing.
  if (!request.headers.has("content-type")) await recordProposalView(access, proposal);
  const offered = proposal.content.items.filter((i) => i.optional).map((i) => i.id);
  const optionalIds = chosenFrom(new URL(request.url), offered, proposal.optionalIds);
  const decided = proposal.status === "accepted" || proposal.status === "declined";
  const place = await getPlace();
  return {
    proposal: {
      id: proposal.id,
      status: proposal.status,
      expired: proposal.expired,
      clientName: proposal.clientName,
      version: proposal.version,
      content: proposal.content,
      acceptedAt: proposal.acceptedAt,
      declinedAt: proposal.declinedAt,
    },
    // Sanitised by the site's renderer (raw HTML off, script links refused).
    sectionsHtml: proposal.content.sections.map((s) => renderMarkdown(s.body)),
    termsHtml: proposal.content.terms ? renderMarkdown(proposal.content.terms) : "",
    optionalIds,
    totals: proposalTotals(proposal.content, optionalIds),
    locale: place.locale,
    reader: access.kind,
    outcome: decided ? await proposalOutcome(proposal.id) : null,
  };
}

/** Sign (accept) or decline; both land back on the page, which then shows the final state. */
export async function proposalPageAction(access: ProposalAccess, proposalId: string, request: Request, clientIp: string, page: string) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["accept", "decline"]);
  // Another company's proposal is not there, whatever the form holds: 404 before reading it.
  await clientProposal(access, proposalId).catch((error: unknown) => {
    throw isRefusal(error, "not-found") ? refusalResponse(error, "Not found") : error;
  });
  if (intent === "decline") {
    const submission = parseWithZod(formData, { schema: declineProposalSchema });
    if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
    try {
      await declineProposal(access, proposalId, submission.value.reason ?? "");
    } catch (error) {
      if (isRefusal(error, "not-found")) throw refusalResponse(error, "Not found");
      if (isRefusal(error)) return refusalResult(error, { intent, submission });
      logger.error({ err: error, proposalId }, "declining a proposal failed");
      return formResult({ intent, status: "error", message: CHANGE_FAILURE, result: submission.reply() }, 500);
    }
    return redirect(`${page}?declined=1`, 303);
  }
  const submission = parseWithZod(formData, { schema: acceptProposalSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  const input = submission.value;
  try {
    await acceptProposal(access, proposalId, {
      version: input.version,
      optionalIds: input.items,
      total: input.total,
      fullName: input.fullName,
      consent: input.consent === "on",
      drawnSignature: input.drawnSignature || null,
      ip: clientIp,
      userAgent: request.headers.get("user-agent") ?? "",
    });
  } catch (error) {
    if (isRefusal(error, "not-found")) throw refusalResponse(error, "Not found");
    // The drawing is not echoed back: it is large, and drawing again is quick.
    if (isRefusal(error)) return refusalResult(error, { intent, submission, hideFields: ["drawnSignature"] });
    logger.error({ err: error, proposalId }, "accepting a proposal failed");
    return formResult(
      { intent, status: "error", message: CHANGE_FAILURE, result: submission.reply({ hideFields: ["drawnSignature"] }) },
      500,
    );
  }
  return redirect(`${page}?signed=1`, 303);
}
