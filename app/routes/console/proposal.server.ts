import { parseWithZod } from "@conform-to/zod/v4";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { newId } from "~/lib/ids";
import type { ProposalItem } from "~/lib/proposals";
import { isRefusal } from "~/lib/refusal";
import { countersignProposalSchema, proposalDraftSchema, proposalTemplateSchema, proposalVersionSchema } from "~/lib/schemas/proposals";
import type { Actor } from "~/server/auth/actor.server";
import { events } from "~/server/events/bus.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { countersignProposal } from "~/server/models/proposals/proposal-countersign.server";
import { revokeProposalLinks } from "~/server/models/proposals/proposal-links.server";
import { sendProposal } from "~/server/models/proposals/proposal-send.server";
import { saveAsTemplate, saveProposalDraft } from "~/server/models/proposals/proposals.server";
import { requireProposal } from "~/server/models/proposals/proposals-read.server";
import { companyScope } from "~/server/models/shared/company-scope.server";

// The forms of one proposal's console page: the working copy's editor, send (or send a new
// version), save as a template, withdraw the client's links. Each answers in place; a refusal
// keeps what was typed.

export const PROPOSAL_INTENTS = ["save", "send", "template", "revoke", "countersign"] as const;
export type ProposalIntent = (typeof PROPOSAL_INTENTS)[number];

type Submission = NonNullable<Parameters<typeof refusalResult>[1]>["submission"];

function failed(error: unknown, intent: ProposalIntent, submission?: Submission) {
  if (isRefusal(error)) return refusalResult(error, { intent, submission });
  logger.error({ err: error, intent }, "proposal change failed");
  return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission?.reply() }, 500);
}

/** Items keep their ids across saves; a new row (or a forged duplicate) gets a fresh one here. */
export function withItemIds(items: ProposalItem[]): ProposalItem[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const id = item.id && !seen.has(item.id) ? item.id : newId();
    seen.add(id);
    return { ...item, id };
  });
}

/** The form's answer; after a write the consoles showing proposals hear of it (the models commit first). */
export async function proposalAction(
  user: Actor,
  id: string,
  intent: ProposalIntent,
  formData: FormData,
  signedFrom: SignedFrom = NOWHERE,
) {
  // An unknown proposal is the page's 404, whatever the form.
  const { companyId } = await requireProposal(id, await companyScope(user));
  const answer = await answerForm(user, id, intent, formData, signedFrom);
  // Sending and countersigning announce themselves, after their own commits.
  if (answer.data.status === "success" && intent !== "send" && intent !== "countersign")
    events().publish({ type: "proposal.changed", id, companyId });
  return answer;
}

/** Where a countersignature comes from, for its record. */
export interface SignedFrom {
  ip: string;
  userAgent: string;
}
const NOWHERE: SignedFrom = { ip: "", userAgent: "" };

async function answerForm(user: Actor, id: string, intent: ProposalIntent, formData: FormData, signedFrom: SignedFrom) {
  if (intent === "countersign") {
    const submission = parseWithZod(formData, { schema: countersignProposalSchema });
    if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
    const input = submission.value;
    try {
      await countersignProposal(user, id, {
        fullName: input.fullName,
        consent: input.consent === "on",
        drawnSignature: input.drawnSignature || null,
        ...signedFrom,
      });
    } catch (error) {
      // The drawing is not echoed back: it is large, and drawing again is quick.
      if (isRefusal(error)) return refusalResult(error, { intent, submission, hideFields: ["drawnSignature"] });
      return failed(error, intent, submission);
    }
    return formResult({ intent, status: "success", message: "Countersigned. Both sides receive the signed PDF by e-mail." });
  }
  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: proposalDraftSchema });
    // "Add item" / "Remove" without JavaScript land here too, with no status: the rows come back.
    if (submission.status !== "success")
      return formResult({ intent, status: "invalid", result: submission.reply() }, submission.status === "error" ? 400 : 200);
    const { version, content, ...client } = submission.value;
    try {
      await saveProposalDraft(user, id, version, { ...client, content: { ...content, items: withItemIds(content.items) } });
    } catch (error) {
      return failed(error, intent, submission);
    }
    // No result: the editor starts again from what the server stored (with the new items' ids).
    return formResult({ intent, status: "success", message: "Proposal saved. The totals are recomputed beside it." });
  }
  if (intent === "template") {
    const submission = parseWithZod(formData, { schema: proposalTemplateSchema });
    if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
    try {
      await saveAsTemplate(user, id, submission.value.name);
    } catch (error) {
      return failed(error, intent, submission);
    }
    return formResult({ intent, status: "success", message: `Saved as the template “${submission.value.name}”.` });
  }
  if (intent === "revoke") {
    try {
      const count = await revokeProposalLinks(user, id);
      const message = count === 0 ? "No open links to withdraw." : `${count} link${count === 1 ? "" : "s"} withdrawn.`;
      return formResult({ intent, status: "success", message });
    } catch (error) {
      return failed(error, intent);
    }
  }
  const parsed = proposalVersionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return formResult({ intent, status: "error", message: "Reload the proposal." }, 400);
  try {
    const { number } = await sendProposal(user, id, parsed.data.version);
    return formResult({ intent, status: "success", message: `Version ${number} sent.` });
  } catch (error) {
    return failed(error, intent);
  }
}
