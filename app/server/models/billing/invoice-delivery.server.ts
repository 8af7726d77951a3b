import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { issueInvoice } from "./invoice-issue.server";

// PLACEHOLDER on the billing-console branch: the lead's invoice-delivery.server.ts (on main) replaces
// this file whole at the merge (take theirs). Same names and signatures, so the console compiles.

export async function issueAndFile(actor: Actor, id: string, version: number): Promise<{ number: string }> {
  const { number } = await issueInvoice(actor, id, version);
  return { number };
}

export async function sendInvoice(_actor: Actor, _id: string, _now?: number): Promise<{ sentTo: string[] }> {
  throw new Refusal("conflict", "Sending invoices is not available yet.");
}

export async function invoicePdf(_id: string): Promise<{ bytes: Buffer; filename: string }> {
  throw new Refusal("not-found", "This invoice's PDF is not available yet.");
}
