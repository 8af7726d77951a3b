import { z } from "~/lib/zod";
import { emailField } from "./fields";

// "Forgot password?" while signed out: the address to send a reset link to.
export const forgotPasswordSchema = z.object({ email: emailField() });

/** The page's only answer to a valid address, whether or not an account uses it (no enumeration). */
export const FORGOT_PASSWORD_SENT = "If an account exists for that address, we have sent a link.";
/** A request that failed on the way (lost connection, 5xx): the user may simply try again. */
export const FORGOT_PASSWORD_FAILED = "We could not send your request. Check your connection and try again.";
