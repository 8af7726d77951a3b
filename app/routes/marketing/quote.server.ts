import { parseWithZod } from "@conform-to/zod/v4";
import { QUOTE_FAILURE_MESSAGE } from "~/lib/constants";
import { FORM_EXPIRED_MESSAGE, RATE_LIMITED_MESSAGE } from "~/lib/form-messages";
import { quoteSchema } from "~/lib/schemas/quotes";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { screenSubmission } from "~/server/defence/spam-defence.server";

export async function handleQuoteAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: quoteSchema });
  if (submission.status !== "success") {
    return formResult({ status: "invalid", result: submission.reply() }, 400);
  }
  const verdict = await screenSubmission({
    kind: "quote",
    form: Object.fromEntries(formData),
    ip: clientIp,
    email: submission.value.email,
  });
  if (!verdict.ok && verdict.trapped) {
    // Neutral answer: a bot learns nothing; the attempt is logged and not stored.
    return formResult({ status: "success", result: submission.reply({ resetForm: true }) });
  }
  if (!verdict.ok) {
    const limited = verdict.reason === "rate-limited";
    const message = limited ? RATE_LIMITED_MESSAGE : FORM_EXPIRED_MESSAGE;
    return formResult({ status: "error", message, result: submission.reply() }, limited ? 429 : 400);
  }
  try {
    await submitQuote(submission.value, { confirm: verdict.confirm });
  } catch (error) {
    logger.error({ err: error }, "quote submission failed");
    return formResult({ status: "error", message: QUOTE_FAILURE_MESSAGE, result: submission.reply() }, 500);
  }
  return formResult({ status: "success", result: submission.reply({ resetForm: true }) });
}
