import { z } from "~/lib/zod";

// The console's Settings page. A checked switch posts "on"; an unchecked one posts
// nothing (plain HTML forms), which means off.
const switchField = z
  .literal("on", { error: "A switch is either on or off." })
  .optional()
  .transform((value) => value === "on");

export const settingsSchema = z.object({
  intent: z.literal("save-settings"),
  selfRegistration: switchField,
  clientProjects: switchField,
  staffMagicLink: switchField,
  newDeliveryAssignedOnly: switchField,
});
