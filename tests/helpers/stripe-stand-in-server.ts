import { startStripeStandIn } from "./stripe-stand-in";

// The Stripe stand-in as a process of its own, for a browser journey (Playwright's webServer):
//   STRIPE_STAND_IN_PORT=12111 STRIPE_SECRET_KEY=sk_test_… STRIPE_WEBHOOK_SECRET=whsec_… \
//   STRIPE_STAND_IN_WEBHOOK_URL=http://127.0.0.1:3000/api/stripe/webhook npx tsx tests/helpers/stripe-stand-in-server.ts
// The app then runs with STRIPE_API_BASE=http://127.0.0.1:12111 and the same two secrets; the
// Pay page at the session's URL completes it and delivers the signed webhook. Ready: GET /healthz.

const { STRIPE_STAND_IN_PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_STAND_IN_WEBHOOK_URL } = process.env;
if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) throw new Error("set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
const standIn = await startStripeStandIn({
  secretKey: STRIPE_SECRET_KEY,
  webhookSecret: STRIPE_WEBHOOK_SECRET,
  webhookUrl: STRIPE_STAND_IN_WEBHOOK_URL,
  port: Number(STRIPE_STAND_IN_PORT ?? 0),
});
console.log(`Stripe stand-in on ${standIn.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void standIn.close().then(() => process.exit(0)));
