import { ACCOUNT_CREATED, LOGGED_IN, WELCOME_BACK } from "./auth-messages";
import { PLACE_TEXT } from "./place-text";

type Text = string | ((ctx: { email?: string }) => string);

// One-shot notices carried across a redirect as a code in ?notice= (never free text), SPEC §8.
export const FLASH = {
  login: { tone: "success", text: LOGGED_IN },
  registered: { tone: "success", text: ACCOUNT_CREATED },
  welcome: { tone: "success", text: WELCOME_BACK },
  deleted: { tone: "success", text: "Account deleted successfully." },
  "delete-failed": { tone: "error", text: "Failed to delete account. You may need to reauthenticate before deleting." },
  "reset-sent": { tone: "success", text: ({ email }) => `Password reset email sent to ${email ?? ""}` },
  "reset-failed": { tone: "error", text: "Failed to send reset link. Try again later." },
  "no-email": { tone: "error", text: "No user email found." },
  "session-signed-out": { tone: "success", text: "That session is signed out." },
  "sessions-signed-out": { tone: "success", text: "Every other session is signed out." },
  "calendar-feed-made": { tone: "success", text: "Your calendar feed is ready. Copy its address into your calendar app." },
  "calendar-feed-renewed": { tone: "success", text: "Your calendar feed has a new address; the old one no longer works." },
  "calendar-feed-removed": { tone: "success", text: "Your calendar feed is off; its address no longer works." },
  "passkey-renamed": { tone: "success", text: "Passkey renamed." },
  "passkey-deleted": { tone: "success", text: "Passkey deleted." },
  "passkey-added": { tone: "success", text: "Passkey added." },
  "identity-confirmed": { tone: "success", text: "Thanks, that's confirmed. You can add a passkey in the next 10 minutes." },
  "passkeys-removed": {
    tone: "success",
    text: "Your password has been changed and every passkey removed. Please log in with the new password.",
  },
  "password-changed": { tone: "success", text: "Your password has been changed. Please log in with the new one." },
  // Decision 0028: e-mail verification and password change.
  "email-verified": { tone: "success", text: "Your e-mail address is verified." },
  "verification-sent": { tone: "success", text: ({ email }) => `We sent a new verification link to ${email ?? "your address"}.` },
  "verification-failed": { tone: "error", text: "We could not send a new link just now. Please try again." },
  "verify-first": {
    tone: "error",
    text: "Verify your e-mail address first: we sent you a new verification link. Then ask for a password reset again.",
  },
  "password-updated": { tone: "success", text: "Your password has been changed. You are signed out everywhere else." },
  "staff-ready": { tone: "success", text: "Your staff account is ready. Sign in with your new password." },
  // Decision 0034: client invitations and "Convert to client".
  "invitation-accepted": { tone: "success", text: "Welcome! You have joined your company's client portal." },
  "invitation-ready": { tone: "success", text: "Your account is ready. Sign in with your new password." },
  "client-invited": { tone: "success", text: "Invitation sent. The link works for 7 days." },
  "invitation-resent": { tone: "success", text: "A new invitation link was sent; the old one no longer works." },
  "invitation-revoked": { tone: "success", text: "The invitation is revoked." },
  "invitation-gone": { tone: "error", text: "This invitation was already accepted or revoked." },
  "invitation-limit": {
    tone: "error",
    text: "We have sent this address several e-mails recently, so we won't send another yet. Please try again later.",
  },
  "lead-converted": { tone: "success", text: "The lead is now a client: the company is ready and the requester is invited." },
  // Decision 0043: an admin deleted a project for good.
  "project-deleted": { tone: "success", text: "Project deleted, with its milestones, approvals, files and history." },
  "project-delete-failed": { tone: "error", text: "The project could not be deleted. Please try again." },
  // Decision 0048: an admin erased a person or a company.
  erased: { tone: "success", text: "Erased. The audit log records who and when." },
  // A person's own time zone (account pages).
  "time-zone-saved": { tone: "success", text: PLACE_TEXT.own.saved },
  "time-zone-invalid": { tone: "error", text: PLACE_TEXT.errors.timeZone },
} satisfies Record<string, { tone: "success" | "error"; text: Text }>;

type FlashCode = keyof typeof FLASH;

export interface Flash {
  tone: "success" | "error";
  message: string;
}

export function flashFor(code: string | null, ctx: { email?: string } = {}): Flash | null {
  if (!code || !(code in FLASH)) return null;
  const entry = FLASH[code as FlashCode];
  const text: Text = entry.text;
  return { tone: entry.tone, message: typeof text === "function" ? text(ctx) : text };
}

export function withFlash(path: string, code: FlashCode): string {
  return `${path}${path.includes("?") ? "&" : "?"}notice=${code}`;
}
