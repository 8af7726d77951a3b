import { z } from "~/lib/zod";
import { optionalText, requiredText } from "./fields";

// The console's company forms (new company, edit details, a member's client admin
// switch), shared by the pages and their actions.

/** "example.com" or "https://example.com/x": stored as an http(s) address, or "" when left empty. */
export function normalizeWebsite(raw: string): string | null {
  const value = raw.trim();
  if (!value) return "";
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".") || url.username || url.password) return null;
    return url.href.replace(/\/$/, "");
  } catch {
    return null;
  }
}

const WEBSITE_MESSAGE = "Enter a website address such as https://example.com.";

const websiteField = z
  .string()
  .trim()
  .max(200, "Website must be 200 characters or fewer.")
  .optional()
  .transform((value, ctx) => {
    const website = normalizeWebsite(value ?? "");
    if (website === null) {
      ctx.addIssue({ code: "custom", message: WEBSITE_MESSAGE });
      return z.NEVER;
    }
    return website;
  });

const companyFields = {
  name: requiredText("Company name", 120),
  website: websiteField,
  country: optionalText("Country", 80),
};

/** The "New company" page. */
export const newCompanySchema = z.object({ intent: z.literal("create"), ...companyFields });

/** The company page's details form. */
export const companyDetailsSchema = z.object({ intent: z.literal("save"), ...companyFields });

/** A member's client admin switch: "on" makes them one, "off" takes it away. */
export const clientAdminSchema = z.object({
  intent: z.literal("set-client-admin"),
  id: z.string({ error: "Choose a member." }).trim().min(1, "Choose a member.").max(64),
  clientAdmin: z.enum(["on", "off"], { error: "Choose on or off." }),
});

/** Whether the company's members may decide approvals from the request mail's links (decision 0099). */
export const mailDecisionsSchema = z.object({
  intent: z.literal("set-mail-decisions"),
  mailDecisions: z.enum(["on", "off"], { error: "Choose on or off." }),
});

/** The company's account manager (decision 0105): a staff member's id, or "" for nobody. */
export const accountManagerSchema = z.object({
  intent: z.literal("set-account-manager"),
  accountManager: z.string().trim().max(64).optional().default(""),
});

/** A staff member put on, or taken off, the company's team (decision 0105). */
export const teamMemberSchema = z.object({
  intent: z.enum(["add-to-team", "remove-from-team"]),
  userId: z.string({ error: "Choose a staff member." }).trim().min(1, "Choose a staff member.").max(64),
});
