// What a console form says when its save fails: on the server (500) and, with the same words, when
// the request itself fails (lib/form-failure.ts). Not in the spec, which has no console.
export const CHANGE_FAILURE = "The change could not be saved. Please try again.";
export const CHANGES_FAILURE = "The changes could not be saved. Please try again.";
export const OPENING_FAILURE = "The opening could not be saved. Please try again.";
export const TESTIMONIAL_FAILURE = "The testimonial could not be saved. Please try again.";
export const STAFF_FAILURE = "The staff change could not be saved. Please try again.";
export const INVITATION_FAILURE = "Your password could not be saved. Please try again.";
export const STAFF_REPLY_FAILURE = "Failed to send reply.";
export const STATUS_FAILURE = "Failed to change the status. Try again.";
export const PROGRESS_FAILURE = "Failed to save progress. Try again.";
/** The invitation page: a link that was used, revoked, replaced or is past its 7 days. */
export const INVITATION_UNUSABLE = "This invitation link is invalid, used or expired. Ask an admin to send you a new one.";
export const COMPANY_FAILURE = "The company could not be saved. Please try again.";
export const SETTINGS_FAILURE = "The settings could not be saved. Please try again.";
export const LOGO_FAILURE = "The logo could not be saved. Please try again.";

/** Console → Settings → API tokens. */
export const API_TOKEN_CREATE_FAILURE = "The token could not be created. Please try again.";
export const API_TOKEN_REVOKE_FAILURE = "The token could not be revoked. Please try again.";
