import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { multipart, send, sessionCookie, urlencoded, type Fields, type FilePart, type Reply } from "./http";
import type { ServerInfo } from "./server";

export interface PostOptions {
  cookie?: string;
  /** Defaults to the server's own origin, as a browser on the site sends it. */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** A same-origin form post (application/x-www-form-urlencoded), as a browser without JavaScript sends it. */
export function postForm(server: ServerInfo, path: string, fields: Fields, options: PostOptions = {}): Promise<Reply> {
  return send(server.url, path, {
    method: "POST",
    body: urlencoded(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: options.origin === null ? undefined : (options.origin ?? server.url),
      Cookie: options.cookie,
      ...options.headers,
    },
  });
}

export function postMultipart(
  server: ServerInfo,
  path: string,
  fields: Fields,
  file?: FilePart | FilePart[],
  options: PostOptions = {},
): Promise<Reply> {
  const { body, contentType } = multipart(fields, file);
  return send(server.url, path, {
    method: "POST",
    body,
    headers: {
      "Content-Type": contentType,
      Origin: options.origin === null ? undefined : (options.origin ?? server.url),
      Cookie: options.cookie,
      ...options.headers,
    },
  });
}

export function get(server: ServerInfo, path: string, cookie?: string, headers: Record<string, string> = {}): Promise<Reply> {
  return send(server.url, path, { headers: { Cookie: cookie, Accept: "text/html", ...headers } });
}

export const PASSWORD = "correct-horse-battery-staple-9";

export async function register(server: ServerInfo, email: string, password = PASSWORD): Promise<string> {
  const reply = await postForm(server, "/login", { intent: "register", email, password });
  const cookie = sessionCookie(reply);
  if (!cookie) throw new Error(`registering ${email} answered ${reply.status} without a session`);
  return cookie;
}

export async function signIn(
  server: ServerInfo,
  email: string,
  password = PASSWORD,
  form: "/login" | "/employee-login" = "/login",
): Promise<string> {
  const reply = await postForm(server, form, { intent: "login", email, password });
  const cookie = sessionCookie(reply);
  if (!cookie) throw new Error(`signing in ${email} at ${form} answered ${reply.status} without a session`);
  return cookie;
}

const MIN_FILL_MS = 3_100;
const issued = new Map<string, { token: string; at: number }>();

/**
 * A real form token from the server (GET /quote/token), returned once it is older than the
 * 3 s minimum fill time. Tokens may be reused for a day, so each server needs one wait only.
 */
export async function formToken(server: ServerInfo): Promise<string> {
  let entry = issued.get(server.url);
  if (!entry) {
    const reply = await send(server.url, "/quote/token");
    entry = { token: (JSON.parse(reply.body) as { formToken: string }).formToken, at: Date.now() };
    issued.set(server.url, entry);
  }
  const wait = entry.at + MIN_FILL_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return entry.token;
}

/** Starts the minimum-fill clock early, so later posts need not wait. */
export async function warmFormToken(server: ServerInfo): Promise<void> {
  if (issued.has(server.url)) return;
  const reply = await send(server.url, "/quote/token");
  issued.set(server.url, { token: (JSON.parse(reply.body) as { formToken: string }).formToken, at: Date.now() });
}

export async function quoteFields(server: ServerInfo, overrides: Fields = {}): Promise<Fields> {
  return {
    name: "Asha Rao",
    email: `lead-${Math.random().toString(36).slice(2)}@example.com`,
    phone: "+91 98200 12345",
    country: "India",
    requirement: "A booking app for our clinics.",
    formToken: await formToken(server),
    website: "",
    // The privacy notice's box, ticked.
    consent: CURRENT_CONSENT_VERSION,
    ...overrides,
  };
}

export async function applicationFields(server: ServerInfo, overrides: Fields = {}): Promise<Fields> {
  return {
    name: "Ravi Kumar",
    email: `applicant-${Math.random().toString(36).slice(2)}@example.com`,
    message: "I would like to join.",
    formToken: await formToken(server),
    website: "",
    // The privacy notice's box, ticked.
    consent: CURRENT_CONSENT_VERSION,
    ...overrides,
  };
}

export type { FilePart };
