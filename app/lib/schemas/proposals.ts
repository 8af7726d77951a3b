import { z } from "~/lib/zod";

// The client's two forms on a proposal (decision 0093). The name and consent messages come from
// the model (ACCEPT_TEXT), which checks them whatever posts; here only the shape is read.

export const DECLINE_REASON_MAX_LENGTH = 2000;

const whole = (message: string) => z.coerce.number({ error: message }).int(message).min(0, message);

export const acceptProposalSchema = z.object({
  version: whole("Reload the page: the proposal's version is missing."),
  total: whole("Reload the page: the total is missing."),
  /** The optional items chosen (each a hidden field of the form, kept in step with the ticks). */
  items: z.array(z.string().max(64)).max(100).default([]),
  fullName: z.string().max(200, "Your full name must be 200 characters or fewer.").default(""),
  consent: z.literal("on").optional(),
  drawnSignature: z.string().max(100_000).optional(),
});

export const declineProposalSchema = z.object({
  reason: z.string().trim().max(DECLINE_REASON_MAX_LENGTH, `Say why in up to ${DECLINE_REASON_MAX_LENGTH} characters.`).optional(),
});
