import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/quote";
import { PageHeader } from "~/components/page-header";
import { QuoteForm } from "~/components/quote-form";
import { QUOTE_FAILURE_MESSAGE, QUOTE_SUCCESS_MESSAGE } from "~/lib/constants";
import type { QuoteActionData } from "~/lib/quote-result";
import { quoteSchema } from "~/lib/schemas/quote";
import { baseUrlFrom, seo } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Get a Free Quote",
    description: "Tell us what you want to build. We call back within 24 hours with questions, options and an estimate.",
    path: "/quote",
    baseUrl: baseUrlFrom(matches),
  });
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: quoteSchema });
  if (submission.status !== "success") {
    return data<QuoteActionData>({ status: "invalid", result: submission.reply() }, { status: 400 });
  }
  // Storage arrives with the data layer (issue 3): until then a valid request is not accepted.
  return data<QuoteActionData>({ status: "error", message: QUOTE_FAILURE_MESSAGE }, { status: 503 });
}

export default function QuotePage({ actionData }: Route.ComponentProps) {
  const [sent, setSent] = useState(false);
  const done = sent || actionData?.status === "success";
  return (
    <>
      <PageHeader title="Get a Free Quote">
        <p>Tell us about your project. We call back within 24 hours.</p>
      </PageHeader>
      <div className="container-page max-w-2xl py-12">
        {done ? (
          <div role="alert" className="rounded-xl bg-emerald-50 p-6 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            <p>{QUOTE_SUCCESS_MESSAGE}</p>
            <Link to="/" className="btn-primary mt-4">
              Back to Home
            </Link>
          </div>
        ) : (
          <QuoteForm idPrefix="page" pageResult={actionData} onSuccess={() => setSent(true)} />
        )}
      </div>
    </>
  );
}
