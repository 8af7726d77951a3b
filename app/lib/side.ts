/**
 * Which side of the relationship a person is on, or a thing came from: the client company's
 * members or the agency's staff. Files, attachments, replies, project activity and the audience of
 * a page or a mail all say it with these two words; the URL families (`/user-dashboard`,
 * `/employee-dashboard`) and the stored user role (`"employee"`) are the only other spellings.
 */
export type Side = "client" | "staff";

export const SIDES: readonly Side[] = ["client", "staff"];

export function isSide(value: unknown): value is Side {
  return value === "client" || value === "staff";
}

/** The side of a stored user role (`users.role` keeps the SPEC's "employee" for staff). */
export function sideOfRole(role: string): Side {
  return role === "employee" ? "staff" : "client";
}

/**
 * A reply's stored `sender` keeps the SPEC's data model: "user" for the client, another value
 * ("staff") for the agency. Code reads it as a Side through these two functions only.
 */
const CLIENT_SENDER = "user";
const STAFF_SENDER = "staff";

export function senderOfSide(side: Side): string {
  return side === "client" ? CLIENT_SENDER : STAFF_SENDER;
}

export function sideOfSender(sender: string): Side {
  return sender === CLIENT_SENDER ? "client" : "staff";
}
