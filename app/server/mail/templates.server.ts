import { brandUrl, type Brand } from "~/lib/brand";
import { CALLBACK_HOURS } from "~/lib/constants";
import type { JobApplicationTable, QuoteTable } from "~/server/db/schema";
import { formatDateTime } from "~/lib/dates";
import { DEFAULT_PLACE, type Zoned } from "~/lib/place";

/** What a mail names the agency by: the brand in force (getBrand()), passed in by the caller. */
export type MailBrand = Pick<Brand, "name" | "domain">;

/** What a template produces; the caller adds the recipient and an idempotency key. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * A mail that shows a date: composed per recipient, with their zone (else the agency's) and the
 * agency's locale, when it is queued (notifications/mail.server.ts).
 */
export type PlacedMail = (zoned: Zoned) => MailContent;

/**
 * One block of a mail body. A string is a paragraph. Every value is plain text: the HTML renderer
 * escapes it, so templates never build HTML by hand.
 */
type MailBlock =
  | string
  | { fields: ReadonlyArray<readonly [label: string, value: string]> }
  | { action: { label: string; url: string } }
  /** A plain link with an optional line under it (the entries of a digest). */
  | { link: { label: string; url: string; detail?: string } }
  | { note: string };

interface MailLayout {
  subject: string;
  /** Optional first line (a greeting or a title), shown as a heading in HTML. */
  heading?: string;
  blocks: readonly MailBlock[];
  /** Defaults to a sign-off with the company name. */
  signature?: string;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A header-safe single line: control characters (CR/LF included) become spaces; bounded length. */
function headerText(value: string, max = 200): string {
  const line = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Only http(s) links are rendered as links; anything else is shown as text. */
function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function textBlock(block: MailBlock): string {
  if (typeof block === "string") return block;
  if ("note" in block) return block.note;
  if ("action" in block) return `${block.action.label}: ${block.action.url}`;
  if ("link" in block) return [block.link.label, block.link.detail, block.link.url].filter(Boolean).join("\n");
  return block.fields
    .map(([label, value]) => {
      const v = value.trim() === "" ? "—" : value.trim();
      return v.includes("\n") ? `${label}:\n${v.replace(/^/gm, "  ")}` : `${label}: ${v}`;
    })
    .join("\n");
}

const P = 'style="margin:0 0 16px;line-height:1.5"';

function htmlBlock(block: MailBlock): string {
  if (typeof block === "string") return `<p ${P}>${escapeHtml(block)}</p>`;
  if ("note" in block) return `<p style="margin:0 0 16px;line-height:1.5;color:#555;font-size:13px">${escapeHtml(block.note)}</p>`;
  if ("action" in block) {
    const { label, url } = block.action;
    if (!isHttpUrl(url)) return `<p ${P}>${escapeHtml(label)}: ${escapeHtml(url)}</p>`;
    return (
      `<p ${P}><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#3730a3;` +
      `color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`
    );
  }
  if ("link" in block) {
    const { label, url, detail } = block.link;
    const title = isHttpUrl(url) ? `<a href="${escapeHtml(url)}" style="color:#3730a3">${escapeHtml(label)}</a>` : escapeHtml(label);
    const under = detail ? `<br><span style="font-size:13px;color:#555">${escapeHtml(detail)}</span>` : "";
    return `<p ${P}>${title}${under}</p>`;
  }
  const rows = block.fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value.trim() === "" ? "—" : value.trim())}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
}

/** Builds the plain-text and HTML versions of a mail from plain-text blocks. */
export function composeMail(layout: MailLayout, brand: MailBrand): MailContent {
  const subject = headerText(layout.subject);
  const signature = layout.signature ?? `— ${brand.name}`;
  const footer = `${brand.name} · ${brandUrl(brand)}`;

  const textParts = [...(layout.heading ? [layout.heading] : []), ...layout.blocks.map(textBlock), signature, `-- \n${footer}`];
  const text = `${textParts.join("\n\n")}\n`;

  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f6f6f9;font-family:Arial,Helvetica,sans-serif;color:#1a1a2e">` +
    `<div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;border-radius:8px">` +
    (layout.heading ? `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(layout.heading)}</h1>` : "") +
    layout.blocks.map(htmlBlock).join("") +
    `<p ${P}>${escapeHtml(signature)}</p>` +
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">` +
    `<p style="margin:0;font-size:12px;color:#777">${escapeHtml(footer)}</p>` +
    `</div></body></html>`;

  return { subject, text, html };
}

const HTML_END = "</div></body></html>";

/**
 * Adds a line under a composed mail's footer, e.g. the unsubscribe link of a notification mail
 *: the events' templates stay as they are, and every notification mail gets the same line.
 */
export function withFooterLink(mail: MailContent, sentence: string, link: { label: string; url: string }): MailContent {
  const text = `${mail.text}${sentence} ${link.label}: ${link.url}\n`;
  const anchor = isHttpUrl(link.url)
    ? `<a href="${escapeHtml(link.url)}" style="color:#777">${escapeHtml(link.label)}</a>`
    : escapeHtml(link.url);
  const line = `<p style="margin:8px 0 0;font-size:12px;color:#777">${escapeHtml(sentence)} ${anchor}</p>`;
  const html = mail.html.endsWith(HTML_END) ? `${mail.html.slice(0, -HTML_END.length)}${line}${HTML_END}` : `${mail.html}${line}`;
  return { subject: mail.subject, text, html };
}

// ---------------------------------------------------------------------------------------------
// Templates. Mails to an unverified address (requester, candidate) carry NO user-supplied text
// (docs/security.md "Public forms"): bots use confirmation mails to spam third parties.

/** To the requester: fixed text only, not even their name. */
export function quoteConfirmation(brand: MailBrand): MailContent {
  return composeMail(
    {
      subject: `We received your request - ${brand.name}`,
      heading: "Thank you for contacting us",
      blocks: [
        `Thank you for your interest in ${brand.name}. We have received your project request.`,
        `A member of our team will call you back within ${CALLBACK_HOURS} hours to discuss your requirements.`,
        { note: "If you did not submit this request, you can safely ignore this e-mail." },
      ],
    },
    brand,
  );
}

export type QuoteForMail = Pick<QuoteTable, "name" | "email" | "phone" | "country" | "requirement" | "submittedAt"> & {
  id?: string;
};

/** To sales: every field of the request. */
export function quoteNotice(quote: QuoteForMail, brand: MailBrand, zoned: Zoned = DEFAULT_PLACE): MailContent {
  return composeMail(
    {
      subject: `New quote request from ${quote.name}`,
      heading: "New quote request",
      blocks: [
        {
          fields: [
            ["Name", quote.name],
            ["Email", quote.email],
            ["Phone", quote.phone],
            ["Country", quote.country],
            ["Submitted", formatDateTime(quote.submittedAt, zoned)],
            ...(quote.id ? ([["Reference", quote.id]] as const) : []),
          ],
        },
        { fields: [["Requirement", quote.requirement]] },
        `Please call back within ${CALLBACK_HOURS} hours.`,
      ],
      signature: `— ${brand.name} website`,
    },
    brand,
  );
}

/** To the candidate: the job title is ours; nothing they typed. */
export function applicationAcknowledgement(jobTitle: string, brand: MailBrand): MailContent {
  return composeMail(
    {
      subject: `Your application for ${jobTitle} - ${brand.name}`,
      heading: "Thank you for applying",
      blocks: [
        `Thank you for applying for the ${jobTitle} position at ${brand.name}. We have received your application.`,
        "Our hiring team reviews every application and will contact you if your profile matches the role.",
        { note: "If you did not apply, you can safely ignore this e-mail." },
      ],
    },
    brand,
  );
}

export type ApplicationForMail = Pick<JobApplicationTable, "name" | "email" | "message" | "resume"> &
  Partial<Pick<JobApplicationTable, "id" | "resumeName" | "submittedAt">>;

/** To HR: the candidate's details and whether a resume was uploaded (never the file itself). */
export function applicationNotice(app: ApplicationForMail, jobTitle: string, brand: MailBrand, zoned: Zoned = DEFAULT_PLACE): MailContent {
  const hasResume = app.resume !== "";
  const resume = hasResume ? `Attached${app.resumeName ? ` (${app.resumeName})` : ""} - download it from the back office` : "None";
  return composeMail(
    {
      subject: `New application for ${jobTitle} from ${app.name}`,
      heading: `New application: ${jobTitle}`,
      blocks: [
        {
          fields: [
            ["Position", jobTitle],
            ["Name", app.name],
            ["Email", app.email],
            ["Resume", resume],
            ...(app.submittedAt ? ([["Submitted", formatDateTime(app.submittedAt, zoned)]] as const) : []),
            ...(app.id ? ([["Reference", app.id]] as const) : []),
          ],
        },
        { fields: [["Message", app.message]] },
      ],
      signature: `— ${brand.name} website`,
    },
    brand,
  );
}
