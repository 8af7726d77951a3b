import { createServer, type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  from: string;
  subject: string;
  messageId: string;
  headers: Map<string, string>;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  /** `smtp://127.0.0.1:{port}` */
  url: string;
  messages: ReceivedMail[];
  stop(): Promise<void>;
}

export interface TestSmtpOptions {
  /** RCPT TO for these addresses is refused with 550. */
  rejectRecipients?: string[];
  /** Listen on this port (e.g. to come back where a stopped server was); default: any free one. */
  port?: number;
}

/** Decodes RFC 2047 encoded words (=?utf-8?B?…?= / =?utf-8?Q?…?=) well enough for assertions. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, text: string) => {
      if (enc.toLowerCase() === "b") return Buffer.from(text, "base64").toString("utf8");
      const bytes = text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => `%${hex}`);
      try {
        return decodeURIComponent(bytes);
      } catch {
        return bytes;
      }
    });
}

function parseHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** A real SMTP server on 127.0.0.1 (a random port unless given), no TLS, no auth, that keeps what it receives. */
export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const rejected = new Set((options.rejectRecipients ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = parseHeaders(raw);
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          subject: headers.get("subject") ?? "",
          messageId: headers.get("message-id") ?? "",
          headers,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    stop: () => stopSmtpServer(server),
  };
}

export function stopSmtpServer(server: SMTPServer | TestSmtpServer): Promise<void> {
  if (!(server instanceof SMTPServer)) return server.stop();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port on 127.0.0.1 with nothing listening: connections are refused at once ("SMTP down"). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
