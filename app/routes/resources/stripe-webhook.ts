import type { Route } from "./+types/stripe-webhook";
import { answerStripeWebhook } from "./stripe-webhook.server";

// Stripe's webhook (decision 0084): public, but nothing happens without a valid Stripe-Signature.
// Stripe posts from its servers without an Origin header, which the origin check lets through
// like any non-browser client (server/app.ts); a browser's cross-site post is still refused there.
export function action({ request }: Route.ActionArgs) {
  return answerStripeWebhook(request);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
