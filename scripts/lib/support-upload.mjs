// Support-form uploads as a browser without JavaScript sends them (multipart, one request per
// form), for `npm run bench` and the fault suite. Bodies are generated while they are sent, so
// ten 50 MB uploads never sit in this process's memory.
import http from "node:http";
import { randomBytes } from "node:crypto";

const CHUNK = 256 * 1024;
const SPACES = Buffer.alloc(CHUNK, 0x20);
const PDF_HEAD = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1");
const PDF_TAIL = Buffer.from("\n%%EOF\n", "latin1");

/** Registers a client through the real form; returns its session cookie. */
export async function registerClient(url, email, password = "correct-horse-battery-staple-files") {
  const res = await fetch(`${url}/login?mode=register`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ intent: "register", email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error(`registration returned no session cookie (status ${res.status})`);
  // The company is made on first need: open the portal once.
  await (await fetch(`${url}/user-dashboard/support`, { headers: { Cookie: cookie } })).arrayBuffer();
  return cookie;
}

/** A valid PDF of exactly `size` bytes, as chunks: header, spaces, %%EOF trailer. */
export function* pdfChunks(size) {
  yield PDF_HEAD;
  let left = size - PDF_HEAD.length - PDF_TAIL.length;
  while (left > 0) {
    const n = Math.min(left, CHUNK);
    yield n === CHUNK ? SPACES : SPACES.subarray(0, n);
    left -= n;
  }
  yield PDF_TAIL;
}

/**
 * A multipart body: text `fields`, then each file ({ name, size }) as a generated PDF. Returns the
 * content type, the exact length and a generator of its chunks.
 */
export function multipart(fields, files) {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const head = (disposition, type) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`);
  const parts = [];
  for (const [name, value] of Object.entries(fields)) parts.push({ head: head(`name="${name}"`), body: Buffer.from(String(value)) });
  for (const file of files) parts.push({ head: head(`name="attachments"; filename="${file.name}"`, "application/pdf"), size: file.size });
  const end = Buffer.from(`--${boundary}--\r\n`);
  const crlf = Buffer.from("\r\n");
  const length = parts.reduce((n, p) => n + p.head.length + (p.body ? p.body.length : p.size) + 2, 0) + end.length;
  function* chunks() {
    for (const p of parts) {
      yield p.head;
      if (p.body) yield p.body;
      else yield* pdfChunks(p.size);
      yield crlf;
    }
    yield end;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, chunks };
}

/**
 * Posts a support form with generated files. `cutAfter` (bytes) stops sending there and destroys
 * the connection, as a browser tab closed mid-upload would. Resolves with the status (0 when cut).
 */
export function postSupportForm(url, path, cookie, fields, files, { cutAfter, onProgress } = {}) {
  const body = multipart(fields, files);
  return new Promise((resolve) => {
    const req = http.request(`${url}${path}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: url, "Content-Type": body.contentType, "Content-Length": String(body.length) },
    });
    let settled = false;
    const done = (status) => {
      if (settled) return;
      settled = true;
      resolve(status);
    };
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0)).on("error", () => done(0));
    });
    req.on("error", () => done(0));
    let sent = 0;
    const source = body.chunks();
    const pump = () => {
      for (;;) {
        const { value, done: finished } = source.next();
        if (finished) {
          req.end();
          return;
        }
        let chunk = value;
        if (cutAfter !== undefined && sent + chunk.length >= cutAfter) {
          chunk = chunk.subarray(0, Math.max(0, cutAfter - sent));
          req.write(chunk, () => {
            req.destroy();
            done(0);
          });
          return;
        }
        sent += chunk.length;
        onProgress?.(sent, body.length);
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
    };
    pump();
  });
}
