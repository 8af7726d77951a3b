import type { Brand } from "~/lib/brand";
import type { PersonExport } from "~/server/models/privacy/data-export.server";

// The README.txt at the top of every "Download my data" archive, so the person
// (or whoever handles their request) knows what each file is without asking us.

const DESCRIPTIONS: Record<string, string> = {
  "profile.json":
    "Your account (name, e-mail, sign-in settings), your profile, your company's details and your e-mail notification choices.",
  "projects.json": "Your company's projects as shown in the portal, each with its progress history.",
  "milestones.json": "The milestones of those projects.",
  "approvals.json": "Approvals the team asked your company for, and the decisions and comments given.",
  "files.json": "The files of those projects, every version, with where each one is in this archive.",
  "support-requests.json": "Your company's support requests, their replies and their attachments (where each file is in this archive).",
  "notifications.json": "The notifications sent to you in the portal.",
  "invoices.json":
    "Your company's invoices and credit notes, their lines and payments (amounts in the currency's smallest unit: cents, pence, yen).",
  "proposals.json":
    "The proposals we sent your company: every version as you saw it, and what happened to it (the signatures with their trail, or the reason you declined).",
};

/** The README for `exported`, made `at` by the person themselves or by staff on their request. */
export function readmeText(exported: PersonExport, at: Date, by: "self" | "staff", brand: Pick<Brand, "name" | "emails">): string {
  const count = (name: string) => {
    const value = exported.documents[name];
    return Array.isArray(value) ? ` (${value.length})` : "";
  };
  const lines = [
    `Your data at ${brand.name}`,
    "",
    `Person:  ${exported.person.name ? `${exported.person.name} <${exported.person.email}>` : exported.person.email}`,
    `Company: ${exported.company.name}`,
    `Made:    ${at.toISOString()} (UTC)${by === "staff" ? ", by our staff at your request" : ""}`,
    "",
    "What is in this archive",
    "",
    ...Object.keys(exported.documents).map((name) => `${name}${count(name)}\n    ${DESCRIPTIONS[name] ?? ""}`),
    "",
    `files/projects/  The project files you can download in the portal, one folder per project (${exported.files.filter((f) => f.path.startsWith("files/projects/")).length} files).`,
    '                 Older versions are named like "brief (v1).pdf".',
    `files/support/   The files attached to support requests and replies (${exported.files.filter((f) => f.path.startsWith("files/support/")).length} files).`,
    `files/invoices/  Each invoice and credit note as the PDF you were sent (${exported.files.filter((f) => f.path.startsWith("files/invoices/")).length} files).`,
    `files/proposals/ Each signed proposal as the PDF you were sent (${exported.files.filter((f) => f.path.startsWith("files/proposals/")).length} files).`,
    "",
    "The .json files are UTF-8 JSON; times are ISO 8601 in UTC. Names of files and folders were",
    'made safe for every system (unusual characters replaced by "_"); files.json and',
    "support-requests.json give each file's original name and its SHA-256 checksum.",
    "",
    "Not included: our staff's internal working notes, and sign-in secrets (password hashes,",
    brand.emails.support
      ? `session keys, passkeys). For any question about your data, write to ${brand.emails.support}.`
      : "session keys, passkeys).",
    "",
  ];
  return lines.join("\n");
}
