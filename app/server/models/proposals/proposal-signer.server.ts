import { Refusal } from "~/lib/refusal";

// What makes a signature, for the client's acceptance and the agency's countersignature alike
// (decision 0093): a typed full name, the explicit consent to sign electronically, optionally a
// drawing, and where it came from.

export const SIGN_TEXT = {
  name: "Type your full name to sign.",
  consent: "Tick the box to agree to sign electronically.",
  drawing: "The drawn signature could not be read: clear it and draw it again, or sign with your typed name.",
} as const;

export interface Signing {
  fullName: string;
  consent: boolean;
  /** signature_pad's drawing as SVG path data (optional). */
  drawnSignature?: string | null;
  ip: string;
  userAgent: string;
}

const MAX_DRAWING = 100_000;

/** The signature as it is stored, or the refusal naming the field that is wrong. */
export function checkSigning(input: Signing): { signerName: string; drawnSignature: string | null; ip: string; userAgent: string } {
  const signerName = input.fullName.trim();
  if (!signerName || signerName.length > 200) throw new Refusal("invalid", SIGN_TEXT.name, { field: "fullName" });
  if (!input.consent) throw new Refusal("invalid", SIGN_TEXT.consent, { field: "consent" });
  // Path data only: the PDF draws it, and nothing else may ride along in the record.
  if (input.drawnSignature && (input.drawnSignature.length > MAX_DRAWING || !/^[\sMLCQZmlcqz0-9.,-]*$/.test(input.drawnSignature)))
    throw new Refusal("invalid", SIGN_TEXT.drawing, { field: "drawnSignature" });
  return {
    signerName,
    drawnSignature: input.drawnSignature || null,
    ip: input.ip.slice(0, 64),
    userAgent: input.userAgent.slice(0, 1000),
  };
}
