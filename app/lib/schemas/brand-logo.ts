import { z } from "~/lib/zod";

// Console → Settings → Brand → Logo. The upload forms post multipart (the file is checked by the
// server's image rules, not here); every form carries the brand version the page was loaded with.

export const LOGO_VARIANTS = ["light", "dark"] as const;
export const LOGO_INTENTS = ["upload-light", "upload-dark", "remove-light", "remove-dark"] as const;
export type LogoIntent = (typeof LOGO_INTENTS)[number];

const version = z.coerce.number({ error: "Reload the page and try again." }).int().min(0);

export const logoUploadSchema = z.object({
  intent: z.enum(["upload-light", "upload-dark"]),
  alt: z
    .string({ error: "Describe the logo in a few words (alt text): people who cannot see it hear this instead." })
    .trim()
    .min(1, "Describe the logo in a few words (alt text): people who cannot see it hear this instead.")
    .max(300, "Keep the alt text under 300 characters."),
  version,
});

export const logoRemoveSchema = z.object({
  intent: z.enum(["remove-light", "remove-dark"]),
  version,
});
