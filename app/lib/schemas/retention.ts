import { RETENTION_MAX_DAYS, RETENTION_MIN_DAYS } from "~/lib/retention";
import { z } from "~/lib/zod";

// The Data retention form. Whole days within bounds; the message names the bounds.
const days = (what: string) => {
  const message = `Enter the days to keep ${what} as a whole number from ${RETENTION_MIN_DAYS} to ${RETENTION_MAX_DAYS}.`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(RETENTION_MIN_DAYS, message).max(RETENTION_MAX_DAYS, message));
};

export const retentionSettingsSchema = z.object({
  intent: z.literal("save-retention"),
  applicationDays: days("rejected and withdrawn applications"),
  leadDays: days("lost leads"),
  inboundMailDays: days("the originals of inbound mail"),
});
