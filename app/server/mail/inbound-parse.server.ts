import EmailReplyParser from "email-reply-parser";
import type { AddressObject, Attachment, ParsedMail } from "mailparser";

// Decision 0096: what the router needs of one raw inbound message. mailparser reads the MIME (an
// HTML-only mail is turned into text by it; multipart/alternative gives its text part);
// email-reply-parser cuts the quoted history and signature off the text; the full text stays for
// staff. Auto-replies, bounces and list traffic are recognised here and never answered.

export interface AuthResults {
  spf: string;
  dkim: string;
  dmarc: string;
}

export interface InboundMail {
  messageId: string | null;
  from: string | null;
  /** The From's display name ("Asha Rao"), empty without one. */
  fromName: string;
  subject: string;
  /** Every address it was sent to (To, Cc, Delivered-To): where a reply token may be. */
  recipients: string[];
  /** In-Reply-To first, then References, newest last. */
  references: string[];
  /** The new text, quotes and signature cut off. */
  text: string;
  /** The whole text as sent. */
  fullText: string;
  attachments: Attachment[];
  /** Why it is machine mail that must not be answered (auto-reply, bounce, list); null for a person's. */
  automatic: string | null;
  /** What the trusted Authentication-Results header says; null without one. */
  auth: AuthResults | null;
}

/** The raw values of a header (every occurrence), unfolded. */
function rawHeaders(parsed: ParsedMail, name: string): string[] {
  const key = name.toLowerCase();
  return parsed.headerLines
    .filter((line) => line.key === key)
    .map((line) =>
      line.line
        .slice(line.line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    );
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((o) => o.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => a.address?.trim().toLowerCase() ?? "")
    .filter(Boolean);

/** RFC 3834 and the de-facto headers of auto-responders, bounces and lists. */
function automaticReason(parsed: ParsedMail): string | null {
  const auto = rawHeaders(parsed, "auto-submitted")[0];
  if (auto && auto.toLowerCase().split(";")[0]!.trim() !== "no") return `Auto-Submitted: ${auto}`;
  const precedence = rawHeaders(parsed, "precedence")[0]?.toLowerCase();
  if (precedence && ["bulk", "list", "junk", "auto_reply"].includes(precedence)) return `Precedence: ${precedence}`;
  if (rawHeaders(parsed, "x-autoreply").length > 0) return "X-Autoreply";
  if (rawHeaders(parsed, "x-autorespond").length > 0) return "X-Autorespond";
  if (rawHeaders(parsed, "list-id").length > 0) return "List-Id (mailing list)";
  const returnPath = rawHeaders(parsed, "return-path");
  if (returnPath.length > 0 && returnPath.every((v) => /^<\s*>$/.test(v) || v === "")) return "null Return-Path (a bounce)";
  const type = rawHeaders(parsed, "content-type")[0]?.toLowerCase() ?? "";
  if (type.startsWith("multipart/report")) return "multipart/report (a delivery or read report)";
  if (/^(mailer-daemon|postmaster)@/.test(addresses(parsed.from)[0] ?? "")) return "sent by a mailer daemon";
  return null;
}

/**
 * The results of the first Authentication-Results header written by `authservId` (RFC 8601); the
 * others could have been added by anyone on the way and are ignored.
 */
export function authResultsFrom(values: readonly string[], authservId: string): AuthResults | null {
  for (const value of values) {
    const [id, ...rest] = value.split(";");
    if (id?.trim().split(/\s+/)[0]?.toLowerCase() !== authservId.toLowerCase()) continue;
    const result = (method: string) =>
      rest.map((part) => new RegExp(`^\\s*${method}\\s*=\\s*([a-z]+)`, "i").exec(part)?.[1]?.toLowerCase()).find(Boolean) ?? "none";
    return { spf: result("spf"), dkim: result("dkim"), dmarc: result("dmarc") };
  }
  return null;
}

const idsIn = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).filter(Boolean);

/** Cuts quoted history and signatures; the Outlook "From: … Sent:" block as well. */
export function visibleText(text: string): string {
  const parsed = new EmailReplyParser().parseReply(text.replace(/\r\n/g, "\n"));
  // email-reply-parser knows "On … wrote:" and "-----Original Message-----"; Outlook's header block
  // ("From: … / Sent: …") without the dashes is cut here.
  const outlook = /^_{5,}\s*$|^\s*From: .+\n\s*(Sent|Date): .+$/m.exec(parsed);
  return (outlook ? parsed.slice(0, outlook.index) : parsed).trim();
}

export async function parseInbound(raw: Buffer, authservId: string | undefined): Promise<InboundMail> {
  // Loaded on the first mail: the parser and its MIME libraries are a fifth of a start's module
  // evaluation, and most requests never see a mail (decision 0108's cold start).
  const { simpleParser } = await import("mailparser");
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const fullText = (parsed.text ?? "").trim();
  return {
    messageId: parsed.messageId ?? null,
    from: addresses(parsed.from)[0] ?? null,
    fromName: (parsed.from?.value[0]?.name ?? "").trim(),
    subject: (parsed.subject ?? "").trim(),
    recipients: [...addresses(parsed.to), ...addresses(parsed.cc), ...rawHeaders(parsed, "delivered-to").map((a) => a.toLowerCase())],
    references: [...idsIn(parsed.inReplyTo), ...idsIn(parsed.references).reverse()],
    text: visibleText(fullText),
    fullText,
    attachments: parsed.attachments.filter((a) => a.contentDisposition !== "inline" || a.filename),
    automatic: automaticReason(parsed),
    auth: authservId ? authResultsFrom(rawHeaders(parsed, "authentication-results"), authservId) : null,
  };
}

/** The Message-ID of a raw message, read from its header block alone (before any parsing). */
export function messageIdOf(raw: Buffer): string | null {
  const head = raw.subarray(0, Math.min(raw.length, 256 * 1024)).toString("latin1");
  const end = head.search(/\r?\n\r?\n/);
  const unfolded = (end === -1 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const match = /^message-id:\s*(<[^>\s]{1,990}>)/im.exec(unfolded);
  return match?.[1] ?? null;
}
