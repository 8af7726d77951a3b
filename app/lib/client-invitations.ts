// Decision 0034: what the invitation page says, on the server and in the browser alike.

export const INVITATION_GOOGLE_FAILED = "Google sign-in could not start. Please try again, or choose a password.";
export const INVITATION_ACCEPT_FAILURE = "Your account could not be set up. Please try again.";

/** Why a link no longer works (the page adds how to ask for a new one). */
export const INVITATION_UNUSABLE_TEXT = {
  expired: "This invitation link has expired: invitation links work for 7 days.",
  revoked: "This invitation link was withdrawn, or replaced by a newer one.",
  used: "This invitation was already accepted. Sign in with the account it made.",
  unknown: "This invitation link is not valid. Check that you opened the whole link from the e-mail.",
} as const;

/** A fresh sign-up is its company's admin: until its own address is proven it invites nobody (decision 0055). */
export const VERIFY_BEFORE_INVITING = "Verify your e-mail address before inviting people.";
