import { useState } from "react";
import { Link } from "react-router";
import { pageDescription } from "~/server/models/site/pages.server";
import type { Route } from "./+types/quote";
import { PageHeader } from "~/components/page-header";
import { QuoteForm } from "~/components/quote-form";
import { SuccessPanel } from "~/components/success-panel";
import { useFillClock } from "~/components/forms/spam-fields";
import { CALLBACK_HOURS, QUOTE_FAILURE_MESSAGE, QUOTE_SUCCESS_MESSAGE } from "~/lib/constants";
import { keepFailureInForm } from "~/lib/form-failure";
import { seo } from "~/lib/seo";
import { issueFormToken } from "~/server/defence/spam-defence.server";
import { handleQuoteAction } from "./quote.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seo({
    title: "Get a Free Quote",
    description: loaderData?.description ?? "",
    path: "/quote",
    matches,
  });
}

export async function loader() {
  return { formToken: issueFormToken(), description: await pageDescription("quote") };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleQuoteAction(request, context.clientIp);
}

// A lost connection must leave the modal open with the spec's message, not replace the page.
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, QUOTE_FAILURE_MESSAGE);
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const fillClock = useFillClock();
  const [sent, setSent] = useState(false);
  const done = sent || actionData?.status === "success";
  return (
    <>
      <PageHeader title="Get a Free Quote">
        <p>Tell us about your project. We call back within 24 hours.</p>
      </PageHeader>
      <div className="container-page max-w-2xl py-12">
        {done ? (
          <SuccessPanel
            title="Request received"
            message={QUOTE_SUCCESS_MESSAGE}
            steps={[
              "Check your inbox for the confirmation e-mail.",
              `Keep your phone at hand: we call you back within ${CALLBACK_HOURS} hours to talk through your requirement.`,
              "Meanwhile, see what we have built for others.",
            ]}
          >
            <Link to="/cases" className="btn-primary">
              See our case studies
            </Link>
            <Link to="/" className="btn-secondary">
              Back to Home
            </Link>
          </SuccessPanel>
        ) : (
          <QuoteForm
            idPrefix="page"
            formToken={loaderData.formToken}
            waitUntilReady={fillClock.waitUntilReady}
            pageResult={actionData}
            onSuccess={() => setSent(true)}
          />
        )}
      </div>
    </>
  );
}
