import { z } from "~/lib/zod";

// The verification link's page: a GET shows a button, the POST of this form verifies.
export const verifyEmailSchema = z.object({
  token: z
    .string({ error: "This verification link is incomplete. Ask for a new one from your dashboard." })
    .min(1, "This verification link is incomplete. Ask for a new one from your dashboard."),
});

export const VERIFY_LINK_EXPIRED = "This verification link has expired. Sign in and choose “Send again” on your dashboard for a new one.";
export const VERIFY_LINK_USED = "This verification link has already been used: your e-mail address is verified.";
export const VERIFY_LINK_INVALID = "This verification link is not valid. Sign in and choose “Send again” on your dashboard for a new one.";
export const VERIFY_FAILED = "We could not verify your address just now. Please try again.";
