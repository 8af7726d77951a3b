import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

// Standard Webhooks signatures (decision 0103): `webhook-signature` is "v1," + base64 of
// HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}" with the endpoint's secret, made by
// the `standardwebhooks` package so any of its verifiers accepts it.

/** A new endpoint secret: whsec_ + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The headers of one attempt: the event's id, the attempt's time (whole seconds), the signature. */
export function signedHeaders(secret: string, eventId: string, at: Date, body: string): Record<string, string> {
  const signature = new Webhook(secret).sign(eventId, at, body);
  return {
    "content-type": "application/json",
    "user-agent": "agency-webhooks/1",
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature,
  };
}
