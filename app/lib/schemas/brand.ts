import { brandColorProblem } from "~/lib/brand-palette";
import { z } from "~/lib/zod";
import { optionalText, requiredText } from "./fields";

// The Brand page's two forms (console → Settings → Brand). Conform sends an emptied field as
// undefined: optional fields become "" (or null for the mail addresses), which means "not shown" /
// "not mailed". `version` is the row's version the form was loaded with (checked on save).

const version = z.coerce.number({ error: "Reload the page and try again." }).int().min(0);

const optional = (label: string, max: number) => optionalText(label, max).transform((v) => v ?? "");

function email(label: string) {
  return z
    .string()
    .trim()
    .max(254, `${label} must be 254 characters or fewer.`)
    .pipe(z.email(`Enter a valid e-mail address for ${label.toLowerCase()}.`))
    .optional();
}

/** A social profile: an https:// address, or empty (the link is hidden). */
function socialLink(label: string) {
  return z
    .string()
    .trim()
    .max(300, `${label} must be 300 characters or fewer.`)
    .refine((v) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), `${label} must be an https:// address, or empty to hide it.`)
    .optional()
    .transform((v) => v ?? "");
}

const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const brandSchema = z.object({
  intent: z.literal("save-brand"),
  version,
  name: requiredText("Agency name", 120),
  shortName: requiredText("Short name", 40),
  legalName: requiredText("Legal name", 160),
  tagline: optional("Tagline", 200),
  domain: requiredText("Site domain", 253)
    .toLowerCase()
    .regex(domainPattern, "Enter the site's domain without https://, for example example.com."),
  street: optional("Street", 200),
  city: optional("City", 100),
  region: optional("Region", 100),
  postalCode: optional("Postal code", 20),
  country: optional("Country", 100),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, "Enter a valid phone number (digits, spaces, +, - and brackets), or leave it empty.")
    .optional()
    .transform((v) => v ?? ""),
  infoEmail: email("Info e-mail").transform((v) => v ?? ""),
  careersEmail: email("Careers e-mail").transform((v) => v ?? ""),
  supportEmail: email("Support e-mail").transform((v) => v ?? ""),
  linkedin: socialLink("LinkedIn"),
  youtube: socialLink("YouTube"),
  instagram: socialLink("Instagram"),
  primaryColor: z
    .string({ error: "Primary colour is required." })
    .trim()
    .toLowerCase()
    .superRefine((value, ctx) => {
      const problem = brandColorProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});

export const mailIdentitySchema = z.object({
  intent: z.literal("save-mail"),
  version,
  senderName: requiredText("Sender name", 120).regex(/^[^<>"\\]+$/, "Sender name cannot contain <, >, quotes or backslashes."),
  senderAddress: email("Sender address").transform((v) => v ?? null),
  leadsInbox: email("Lead inbox").transform((v) => v ?? null),
  applicationsInbox: email("Application inbox").transform((v) => v ?? null),
});

export type BrandForm = z.infer<typeof brandSchema>;
export type MailIdentityForm = z.infer<typeof mailIdentitySchema>;
