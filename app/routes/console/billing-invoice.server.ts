import { parseWithZod } from "@conform-to/zod/v4";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { href, redirect } from "react-router";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { isRefusal } from "~/lib/refusal";
import {
  creditNoteSchema,
  invoiceDraftSchema,
  invoiceVersionSchema,
  paymentSchema,
  retainerSchema,
  voidInvoiceSchema,
} from "~/lib/schemas/invoices";
import type { Actor } from "~/server/auth/actor.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { events } from "~/server/events/bus.server";
import { logger } from "~/server/logger.server";
import { issueCreditNote } from "~/server/models/billing/credit-notes.server";
import { issueAndFile, sendInvoice } from "~/server/models/billing/invoice-delivery.server";
import { voidInvoice } from "~/server/models/billing/invoice-issue.server";
import { recordPayment } from "~/server/models/billing/invoice-payments.server";
import { deleteInvoiceDraft, updateInvoiceDraft, type InvoiceDraftInput } from "~/server/models/billing/invoices.server";
import type { InvoiceDetail } from "~/server/models/billing/invoice-views.server";
import { createRecurringInvoice } from "~/server/models/billing/recurring-invoices.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";

// The forms of one invoice's page (console → Billing → an invoice): a draft's editor, issue and
// delete; an issued invoice's send, payment, void and credit note. Each parses its own schema and
// hands the model's refusal back to the form that posted, beside its field when it names one.

export const INVOICE_INTENTS = ["save", "issue", "delete", "send", "payment", "void", "credit", "retainer"] as const;
export type InvoiceIntent = (typeof INVOICE_INTENTS)[number];

const page = (id: string, query = "") => `${href("/employee-dashboard/billing/:id", { id })}${query}`;

function failed(error: unknown, intent: InvoiceIntent, submission?: NonNullable<Parameters<typeof refusalResult>[1]>["submission"]) {
  if (isRefusal(error)) return refusalResult(error, { intent, submission });
  logger.error({ err: error, intent }, "invoice change failed");
  return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission?.reply() }, 500);
}

/** The form's answer; after a write the console's Billing screens hear of it (the models commit first). */
export async function invoiceAction(user: Actor, id: string, intent: InvoiceIntent, formData: FormData) {
  // Whose invoice it is, read before the change (a deleted draft is gone after it).
  // Another company's invoice is "not found" to a member limited to their companies (decision 0105).
  const companyId = (await getInvoice({ id, scope: await companyScope(user) }).catch(() => null))?.companyId;
  if (!companyId) throw new Response("No invoice with this id.", { status: 404, statusText: "Invoice not found" });
  const answer = await answerForm(user, id, intent, formData);
  const wrote = answer instanceof Response ? answer.status >= 300 && answer.status < 400 : answer.data.status === "success";
  if (wrote && companyId) events().publish({ type: "invoice.changed", id, companyId });
  return answer;
}

/** The draft as saved, as a retainer's template. */
function templateOf(draft: InvoiceDetail): InvoiceDraftInput {
  return {
    currency: draft.currency,
    netDays: draft.netDays,
    discountBp: draft.discountBp,
    notes: draft.notes,
    terms: draft.terms,
    taxNote: draft.taxNote,
    clientTaxId: draft.clientTaxId,
    billingName: draft.billingName,
    billingAddress: draft.billingAddress,
    billingEmail: draft.billingEmail,
    lines: draft.lines.map((l) => ({
      description: l.description,
      quantityMilli: l.quantityMilli,
      unitPrice: l.unitPrice,
      taxRateBp: l.taxRateBp,
      projectId: l.projectId,
      milestoneId: l.milestoneId,
    })),
  };
}

async function answerForm(user: Actor, id: string, intent: InvoiceIntent, formData: FormData) {
  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: invoiceDraftSchema });
    // "Add line" / "Remove" without JavaScript land here too, with no status: the rows come back.
    if (submission.status !== "success")
      return formResult({ intent, status: "invalid", result: submission.reply() }, submission.status === "error" ? 400 : 200);
    const { version, ...draft } = submission.value;
    if (!version) return formResult({ intent, status: "error", message: "Reload the invoice.", result: submission.reply() }, 400);
    try {
      await updateInvoiceDraft(user, id, version, draft);
    } catch (error) {
      return failed(error, intent, submission);
    }
    // No result: the editor starts again from what the server stored (amounts as it reads them).
    return formResult({ intent, status: "success", message: "Draft saved. The totals are recomputed below." });
  }
  if (intent === "issue" || intent === "delete") {
    const submission = parseWithZod(formData, { schema: invoiceVersionSchema });
    if (submission.status !== "success") return formResult({ intent, status: "error", message: "Reload the invoice." }, 400);
    try {
      if (intent === "delete") {
        await deleteInvoiceDraft(user, id, submission.value.version);
        return redirect(`${href("/employee-dashboard/billing")}?deleted=1`);
      }
      const { number } = await issueAndFile(user, id, submission.value.version);
      return redirect(page(id, `?issued=${encodeURIComponent(number)}`));
    } catch (error) {
      return failed(error, intent);
    }
  }
  if (intent === "retainer") {
    // Three plain fields: the first problem is the form's one message.
    const parsed = retainerSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return formResult({ intent, status: "error", message: parsed.error.issues[0]!.message }, 400);
    try {
      const draft = await getInvoice({ id, scope: await companyScope(user) });
      if (draft.status !== "draft") return formResult({ intent, status: "error", message: "Only a draft is repeated as a retainer." }, 409);
      await createRecurringInvoice(user, draft.companyId, { ...parsed.data, template: templateOf(draft) });
    } catch (error) {
      return failed(error, intent);
    }
    const { interval, startOn } = parsed.data;
    return formResult({
      intent,
      status: "success",
      message: `Retainer started: the first invoice is written on ${startOn}, then every ${interval === "monthly" ? "month" : "quarter"}.`,
    });
  }
  if (intent === "send") {
    try {
      const { sentTo } = await sendInvoice(user, id);
      return formResult({ intent, status: "success", message: `Invoice sent to ${sentTo.join(", ")}.` });
    } catch (error) {
      return failed(error, intent);
    }
  }
  if (intent === "payment") {
    const submission = parseWithZod(formData, { schema: paymentSchema });
    if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
    try {
      await recordPayment(user, id, submission.value);
    } catch (error) {
      return failed(error, intent, submission);
    }
    return formResult({ intent, status: "success", message: "Payment recorded." });
  }
  if (intent === "void") {
    const submission = parseWithZod(formData, { schema: voidInvoiceSchema });
    if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
    try {
      await voidInvoice(user, id, submission.value.reason);
    } catch (error) {
      return failed(error, intent, submission);
    }
    return redirect(page(id, "?voided=1"));
  }
  const submission = parseWithZod(formData, { schema: creditNoteSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    const note = await issueCreditNote(user, id, submission.value);
    return redirect(page(note.id, `?credited=${encodeURIComponent(note.number)}`));
  } catch (error) {
    return failed(error, intent, submission);
  }
}
