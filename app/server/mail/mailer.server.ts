import { createHash } from "node:crypto";
import { mkdir, open, rename } from "node:fs/promises";
import path from "node:path";
import type { SendMailOptions, Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type StreamTransport from "nodemailer/lib/stream-transport";
import { site } from "~/content/site";
import { logger } from "~/server/logger.server";
import type { DkimSettings } from "~/server/env.server";

export const DEFAULT_MAIL_DIR = "./data/mail";

// nodemailer is loaded when the first message leaves, not at start-up.
async function createTransporter(options: SMTPTransport.Options | StreamTransport.Options): Promise<Transporter> {
  const { default: nodemailer } = await import("nodemailer");
  return nodemailer.createTransport(options);
}

/** One outbox row, ready to leave. */
interface OutgoingMail {
  /** Outbox row id and creation time (name the .eml file). */
  id: string;
  createdAt: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** `<hash@domain>`, derived from the idempotency key: the same on every retry. */
  messageId: string;
  /** The outbox row's extra headers (List-Unsubscribe…), checked when it was queued. */
  headers?: Record<string, string> | null;
  /** Files read from the file store for this send (an invoice's PDF). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** Where mail goes. Injectable so tests (and later an API-based provider) can swap it. */
export interface MailTransport {
  readonly kind: string;
  /** Resolves once the message is accepted (SMTP 250) or written; rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Deterministic Message-ID: `<sha256(key)[:32]@domain-of-from>`. */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const hash = createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 32);
  const domain = /@([a-z0-9.-]+)>?\s*$/i.exec(from)?.[1] ?? site.domain;
  return `<${hash}@${domain.toLowerCase()}>`;
}

/** Stored with an outbox row's headers; sent as an address, not as prepared text. */
export const REPLY_TO = "Reply-To";

function toMessage(mail: OutgoingMail): SendMailOptions {
  const { [REPLY_TO]: replyTo, ...headers } = mail.headers ?? {};
  return {
    from: mail.from,
    // An address object: nodemailer does not re-parse it, so it stays exactly one recipient.
    to: { name: "", address: mail.to },
    ...(replyTo ? { replyTo: { name: "", address: replyTo } } : {}),
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.attachments?.length
      ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) }
      : {}),
    messageId: mail.messageId,
    date: new Date(),
    // RFC 3834: tells auto-responders not to answer. `prepared`: a List-Unsubscribe URL must
    // reach the mail client as written (RFC 8058), not re-encoded or folded inside the <…>.
    headers: {
      "Auto-Submitted": "auto-generated",
      ...Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { prepared: true, value }])),
    },
    // Our content never references files or URLs to inline; refuse if it ever does.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

interface SmtpTransportOptions {
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
  /** Signs every message (DKIM_* variables, checked at boot). */
  dkim?: DkimSettings;
}

/** `smtp://[user:pass@]host[:port]` (STARTTLS when offered) or `smtps://…` (implicit TLS). No pool. */
export function createSmtpTransport(smtpUrl: string, options: SmtpTransportOptions = {}): MailTransport {
  const url = new URL(smtpUrl);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error("SMTP_URL must be smtp:// or smtps://");
  const secure = url.protocol === "smtps:";
  let transporter: Promise<Transporter> | undefined;
  const settings = {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    ...(url.port ? { port: Number(url.port) } : {}),
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    // No `pool` option: a plain SMTPTransport opens one connection per message (pool off).
    connectionTimeout: options.connectionTimeoutMs ?? 10_000,
    greetingTimeout: options.greetingTimeoutMs ?? 10_000,
    socketTimeout: options.socketTimeoutMs ?? 20_000,
    ...(options.dkim ? { dkim: options.dkim } : {}),
  };
  return {
    kind: "smtp",
    async send(mail) {
      transporter ??= createTransporter(settings);
      await (await transporter).sendMail(toMessage(mail));
      logger.info({ mailId: mail.id, messageId: mail.messageId }, "mail sent via SMTP");
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}

/**
 * Development/no-SMTP transport: renders the raw RFC 822 message and writes it to
 * `{dir}/{createdAt}-{id}.eml` (temp file, fsync, rename: never a partial file). Counts as sent.
 */
export function createFileTransport(dir: string = DEFAULT_MAIL_DIR, dkim?: DkimSettings): MailTransport {
  let renderer: Promise<Transporter> | undefined;
  return {
    kind: "file",
    async send(mail) {
      // Signed like SMTP mail, so an .eml shows exactly what would have left.
      renderer ??= createTransporter({ streamTransport: true, buffer: true, newline: "windows", ...(dkim ? { dkim } : {}) });
      const info = await (await renderer).sendMail(toMessage(mail));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("stream transport did not return a buffer");
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${mail.createdAt}-${mail.id}.eml`);
      const temp = `${file}.${process.pid}.tmp`;
      const handle = await open(temp, "w", 0o600);
      try {
        await handle.writeFile(raw);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
      logger.info({ mailId: mail.id, to: mail.to, subject: mail.subject, file }, "mail written to file (SMTP_URL unset)");
    },
    close() {
      void renderer?.then((r) => r.close());
    },
  };
}

/** SMTP when a URL is given, otherwise .eml files under `mailDir`; DKIM-signed when `dkim` is given. */
export function createMailTransport(options: { smtpUrl?: string; mailDir?: string; dkim?: DkimSettings } = {}): MailTransport {
  return options.smtpUrl
    ? createSmtpTransport(options.smtpUrl, { dkim: options.dkim })
    : createFileTransport(options.mailDir, options.dkim);
}
