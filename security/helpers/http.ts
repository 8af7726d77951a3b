import http from "node:http";
import { authWritesHeard } from "./auth-notices";

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every Set-Cookie header as sent. */
  cookies: string[];
  /** Path and query of a redirect, or null. */
  location: string | null;
  body: string;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string | undefined>;
  body?: string | Buffer;
  timeoutMs?: number;
}

/**
 * One raw HTTP exchange with the server under test: no redirects followed, no headers added, a
 * new connection each time (a reused one may meet the server's keep-alive timeout mid-request).
 */
export async function send(base: string, path: string, init: RequestInit = {}): Promise<Reply> {
  await authWritesHeard();
  const url = new URL(path, base);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init.headers ?? {})) if (value !== undefined) headers[name] = value;
  if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers, agent: false }, (res) => {
      const reply = (body: string): Reply => ({
        status: res.statusCode ?? 0,
        headers: res.headers,
        cookies: res.headers["set-cookie"] ?? [],
        location: locationOf(res.headers.location, base),
        body,
      });
      // An event stream never ends: its headers are all there is to check.
      if (String(res.headers["content-type"]).startsWith("text/event-stream")) {
        res.destroy();
        return resolve(reply(""));
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve(reply(Buffer.concat(chunks).toString("utf8"))));
      res.on("error", reject);
    });
    req.setTimeout(init.timeoutMs ?? 30_000, () => req.destroy(new Error(`${init.method ?? "GET"} ${path} timed out`)));
    req.on("error", reject);
    req.end(init.body);
  });
}

function locationOf(value: string | undefined, base: string): string | null {
  if (!value) return null;
  const url = new URL(value, base);
  return url.origin === new URL(base).origin ? url.pathname + url.search : url.href;
}

export type Fields = Record<string, string | string[]>;

export function urlencoded(fields: Fields): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(name, v);
  return params.toString();
}

export interface FilePart {
  field?: string;
  filename: string;
  /** The whole Content-Disposition value, when a test needs to write it by hand (filename*=). */
  disposition?: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser would send it. */
export function multipart(fields: Fields, files: FilePart | FilePart[] = []): { body: Buffer; contentType: string } {
  const boundary = `----security${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat()) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const file of [files].flat()) {
    const disposition = file.disposition ?? `form-data; name="${file.field ?? "resume"}"; filename="${file.filename}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${file.type ?? "application/pdf"}\r\n\r\n`;
    parts.push(Buffer.from(head, "utf8"), file.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The `name=value` pair of the session cookie a response set, or null. */
export function sessionCookie(reply: Reply): string | null {
  const set = reply.cookies.find((c) => c.includes("session_token=") && !/Max-Age=0/i.test(c));
  return set ? set.split(";")[0]! : null;
}

export function tokenOf(cookie: string): string {
  return decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0]!;
}
