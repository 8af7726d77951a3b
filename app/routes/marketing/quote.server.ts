import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { QUOTE_FAILURE_MESSAGE } from "~/lib/constants";
import { FORM_EXPIRED_MESSAGE, RATE_LIMITED_MESSAGE } from "~/lib/form-messages";
import type { FormResult } from "~/lib/form-result";
import { quoteSchema } from "~/lib/schemas/quotes";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { submitQuote } from "~/server/models/quotes.server";
import { screenSubmission } from "~/server/defence/spam-defence.server";

export async function handleQuoteAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: quoteSchema });
  if (submission.status !== "success") {
    return data<FormResult>({ status: "invalid", result: submission.reply() }, { status: 400 });
  }
  const verdict = await screenSubmission({
    kind: "quote",
    form: Object.fromEntries(formData),
    ip: clientIp,
    email: submission.value.email,
  });
  if (!verdict.ok && verdict.trapped) {
    // Neutral answer: a bot learns nothing; the attempt is logged and not stored.
    return data<FormResult>({ status: "success", result: submission.reply({ resetForm: true }) });
  }
  if (!verdict.ok) {
    const limited = verdict.reason === "rate-limited";
    return data<FormResult>(
      { status: "error", message: limited ? RATE_LIMITED_MESSAGE : FORM_EXPIRED_MESSAGE, result: submission.reply() },
      { status: limited ? 429 : 400 },
    );
  }
  try {
    await submitQuote(submission.value);
  } catch (error) {
    logger.error({ err: error }, "quote submission failed");
    return data<FormResult>({ status: "error", message: QUOTE_FAILURE_MESSAGE, result: submission.reply() }, { status: 500 });
  }
  return data<FormResult>({ status: "success", result: submission.reply({ resetForm: true }) });
}
