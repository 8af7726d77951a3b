import { randomBytes } from "node:crypto";
import { sleep } from "./processes";

// Legitimate submissions in every respect (SPEC §5, decision 0007): a real form token, posted
// after the minimum fill time, an empty honeypot, one e-mail address and one client address
// (X-Forwarded-For through the trusted loopback proxy) per post, so no spam rule ever trips.

const MIN_FILL_MS = 3_000;

/** A form token from the server, once it is old enough to be accepted. */
export async function readyFormToken(url: string): Promise<string> {
  const res = await fetch(`${url}/quote/token`);
  const { formToken } = (await res.json()) as { formToken: string };
  await sleep(MIN_FILL_MS + 200);
  return formToken;
}

/** A run-unique prefix for the e-mail addresses of one scenario. */
export function runTag(label: string): string {
  return `${label}-${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
}

export const emailOf = (tag: string, i: number) => `${tag}-${i}@example.com`;
/** 10.0.0.0/8: a fresh client address per post. */
export const clientAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

// The privacy notice's box, ticked; any version on record is accepted (app/lib/privacy-consent.ts).
const CONSENT_VERSION = "2026-11-26";

export function quoteBody(email: string, formToken: string): string {
  return new URLSearchParams({
    name: "Load Test Client",
    email,
    phone: "+91 20 5555 0100",
    country: "India",
    requirement: "A booking app for a chain of clinics, iOS and Android, with an admin web panel.",
    formToken,
    website: "",
    consent: CONSENT_VERSION,
  }).toString();
}

export function quoteHeaders(origin: string, i: number): Record<string, string> {
  return { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "X-Forwarded-For": clientAddress(i) };
}

/** The application form as a browser sends it: multipart, with the resume as a file part. */
export function applicationBody(email: string, formToken: string, resume: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----faults${randomBytes(8).toString("hex")}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field("name", "Load Test Candidate") +
    field("email", email) +
    field("message", "I would like to join the team.") +
    field("formToken", formToken) +
    field("website", "") +
    field("consent", CONSENT_VERSION) +
    `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), resume, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function applicationHeaders(origin: string, i: number, contentType: string): Record<string, string> {
  return { "Content-Type": contentType, Origin: origin, "X-Forwarded-For": clientAddress(i) };
}

/** Posts one quote; resolves with the status, or 0 when the connection failed. */
export function postQuote(url: string, formToken: string, email: string, i: number): Promise<number> {
  return statusOf(fetch(`${url}/quote.data`, { method: "POST", headers: quoteHeaders(url, i), body: quoteBody(email, formToken) }));
}

/** Posts one application with a resume; resolves with the status, or 0 when the connection failed. */
export function postApplication(url: string, jobId: string, formToken: string, email: string, i: number, resume: Buffer): Promise<number> {
  const { body, contentType } = applicationBody(email, formToken, resume);
  return statusOf(
    fetch(`${url}/apply/${jobId}/submit`, { method: "POST", headers: applicationHeaders(url, i, contentType), body: new Uint8Array(body) }),
  );
}

/** The status the client received (the server answers after the commit), or 0 when it received none. */
async function statusOf(response: Promise<Response>): Promise<number> {
  try {
    const res = await response;
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  } catch {
    return 0;
  }
}

export const isSuccess = (status: number) => (status >= 200 && status < 300) || status === 303;

/** A whole, valid PDF (tests/fixtures) padded with comment lines to about `size` bytes. */
export function resumePdf(base: Buffer, size = 0): Buffer {
  const eof = base.lastIndexOf("%%EOF");
  if (size <= base.length) return base;
  const padding = Buffer.alloc(size - base.length, 0x25); // "%": a PDF comment
  for (let i = 99; i < padding.length; i += 100) padding[i] = 0x0a;
  return Buffer.concat([base.subarray(0, eof), padding, Buffer.from("\n"), base.subarray(eof)]);
}
