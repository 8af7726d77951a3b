import { isIP } from "node:net";

// INBOUND_IMAP_URL (decision 0100): one URL names the mailbox the app imports from, as
// imaps://user:password@host[:port][/mailbox]. Checked at boot (env.server.ts) with this parser, so
// the poller never meets a URL it cannot use. No imapflow here: the env check stays light.

export interface ImapTarget {
  host: string;
  port: number;
  /** TLS from the first byte (imaps://, port 993 by default). */
  secure: boolean;
  /**
   * imap:// to another machine must upgrade with STARTTLS before the password goes (a server that
   * does not offer it is refused); imap:// on loopback stays plain (a local server, the tests).
   */
  requireStartTls: boolean;
  user: string;
  password: string;
  /** The folder to import from; INBOX when the URL has no path. */
  mailbox: string;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

/** The URL as connection settings, or the reason it is not usable (for the boot message). */
export function parseImapUrl(text: string): ImapTarget | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "must be a URL such as imaps://user:password@imap.example.com/INBOX";
  }
  if (url.protocol !== "imaps:" && url.protocol !== "imap:") return "must start with imaps:// (or imap:// with STARTTLS)";
  if (!url.hostname) return "must name the server: imaps://user:password@imap.example.com/INBOX";
  if (!url.username || !url.password) {
    return "must carry the user and password: imaps://user:password@host/INBOX (percent-encode @ : / in them)";
  }
  if (url.search || url.hash) return "must not have a ?query or #fragment";
  let user: string;
  let password: string;
  let mailbox: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
    mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, "").replace(/\/+$/, ""));
  } catch {
    return "has a broken %-escape in the user, password or mailbox";
  }
  const secure = url.protocol === "imaps:";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const loopback = LOOPBACK.test(url.hostname) || (isIP(host) === 6 && host === "::1");
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    requireStartTls: !secure && !loopback,
    user,
    password,
    mailbox: mailbox || "INBOX",
  };
}

/** The URL without its password, for logs. */
export function describeImapTarget(target: ImapTarget): string {
  return `${target.secure ? "imaps" : "imap"}://${target.user}@${target.host}:${target.port}/${target.mailbox}`;
}
