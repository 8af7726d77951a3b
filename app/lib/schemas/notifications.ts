import { z } from "~/lib/zod";
import { NOTIFICATION_TYPES } from "~/lib/notification-types";

// The bell's and the notifications page's forms (POST /notifications/read) and the
// page's filter (a GET form). One schema per form, shared by the browser and the action.

const ID = /^[\w-]{1,64}$/;

export const markReadSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("one"),
    id: z.string({ error: "Unknown notification." }).trim().regex(ID, "Unknown notification."),
    returnTo: z.string().optional(),
  }),
  // `upTo`: the newest notification the form's page showed (epoch ms); later ones stay unread.
  z.object({
    intent: z.literal("all"),
    upTo: z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number)
      .optional()
      .catch(undefined),
    returnTo: z.string().optional(),
  }),
]);
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** The page's filters: anything unknown is ignored rather than refused (a GET link may be stale). */
export const notificationFilterSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES).optional().catch(undefined),
  unread: z.literal("1").optional().catch(undefined),
});

/** The bell counts unread notifications up to this and shows "99+" past it (decision 0041). */
export const UNREAD_CAP = 99;
