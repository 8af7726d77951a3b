import { createHmac, randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { site } from "../app/content/site";
import { roleForEmail, type Role } from "../app/lib/roles";
import type { StaffRole } from "../app/lib/staff-roles";
import { hashPassword } from "../app/server/auth/passwords.server";
import { AUTH_SECRET, DATABASE_FILE, openDatabase, uniqueId } from "./helpers";

// Signs a test user in without the UI (docs/style.md: e2e tests create their data directly and log in
// through the UI in one test only;): the user, optionally a password, and a session
// are inserted into the server's database, and the browser gets the session cookie Better Auth would
// have set. Everything here mirrors app/server/auth/auth.server.ts; tests/accounts/e2e-sign-in.test.ts checks
// that the app accepts such a session, so a change there fails fast instead of in every journey.

/** advanced.cookiePrefix; the servers under test speak plain http, so no __Secure- prefix. */
export const SESSION_COOKIE = "agency.session_token";
/** session.expiresIn (7 days). The absolute lifetime (session.server.ts) counts from createdAt. */
const SESSION_EXPIRES_IN_MS = 7 * 24 * 3_600_000;
/** The servers under test inherit this environment, so they decide roles by the same domain. */
const companyDomain = () => process.env.COMPANY_DOMAIN || site.domain;

export interface SignInOptions {
  /** client or employee; the role follows from the e-mail's domain (COMPANY_DOMAIN), as in the app. */
  role: Role;
  /** Defaults to a unique address in the role's domain. */
  email?: string;
  /** Also gives the account this password (an Argon2id "credential" account, as registering does). */
  password?: string;
  /** The server's SQLite file; defaults to the main server's. Pass an isolated server's `databaseFile`. */
  databaseFile?: string;
  /** When the session began; an older one tests the absolute lifetime. */
  signedInAt?: number;
  /** Defaults to what registering gives: unverified for clients, verified for staff (decision 0028). */
  emailVerified?: boolean;
  /** An employee's console role; admin (every section) unless given. */
  staffRole?: StaffRole;
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** `name=value`, for a Cookie header of requests made outside the browser. */
  cookie: string;
}

/** Better Auth's signed cookie value: the token, a dot and its base64 HMAC-SHA256 under AUTH_SECRET, URL-encoded. */
export function signedSessionValue(token: string, secret = AUTH_SECRET()): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

/** Better Auth's ids and tokens: 32 characters, letters and digits. */
const betterAuthId = () => randomBytes(16).toString("hex");

/**
 * Inserts a user (with the role, name and e-mail verification that registering, or for staff the
 * `npm run staff` CLI, gives them) and a live session; returns the user and its session cookie.
 */
export async function createSignedInUser(options: SignInOptions): Promise<SignedInUser> {
  const domain = companyDomain();
  const email = (
    options.email ?? (options.role === "employee" ? `staff-${uniqueId()}@${domain}` : `e2e-${uniqueId()}@example.com`)
  ).toLowerCase();
  const role = roleForEmail(email, domain);
  if (role !== options.role) throw new Error(`${email} would be a ${role}, not a ${options.role} (COMPANY_DOMAIN ${domain})`);
  const passwordHash = options.password === undefined ? undefined : await hashPassword(options.password);
  const user = { id: betterAuthId(), email, name: email.split("@")[0]!, role };
  const token = betterAuthId();
  const startedAt = options.signedInAt ?? Date.now();
  // Better Auth keeps its dates as ISO text and booleans as 0/1 on SQLite.
  const now = new Date().toISOString();
  const db = openDatabase(options.databaseFile ?? DATABASE_FILE());
  try {
    // IMMEDIATE takes the write lock at once, so the running server's writes only make it wait.
    db.transaction(() => {
      db.prepare(
        "insert into users (id, name, email, email_verified, image, role, staff_role, created_at, updated_at) values (?, ?, ?, ?, null, ?, ?, ?, ?)",
      ).run(
        user.id,
        user.name,
        email,
        (options.emailVerified ?? role === "employee") ? 1 : 0,
        role,
        role === "employee" ? (options.staffRole ?? "admin") : null,
        now,
        now,
      );
      if (passwordHash !== undefined) {
        db.prepare(
          "insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at) values (?, ?, 'credential', ?, ?, ?, ?)",
        ).run(betterAuthId(), user.id, user.id, passwordHash, now, now);
      }
      db.prepare(
        "insert into sessions (id, token, user_id, expires_at, ip_address, user_agent, created_at, updated_at) values (?, ?, ?, ?, '127.0.0.1', 'e2e fixture', ?, ?)",
      ).run(
        betterAuthId(),
        token,
        user.id,
        new Date(startedAt + SESSION_EXPIRES_IN_MS).toISOString(),
        new Date(startedAt).toISOString(),
        new Date(startedAt).toISOString(),
      );
    }).immediate();
  } finally {
    db.close();
  }
  return { ...user, cookie: `${SESSION_COOKIE}=${signedSessionValue(token)}` };
}

/**
 * Signs a new test user in in this page's browser context, as if they had just logged in at
 * `baseURL` (the page's own server by default): `await signIn(page, { role: "client" })`.
 */
export async function signIn(target: Page | BrowserContext, options: SignInOptions & { baseURL?: string }): Promise<SignedInUser> {
  const context = "context" in target ? target.context() : target;
  const baseURL = options.baseURL ?? process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error("signIn needs the server's baseURL (E2E_BASE_URL is set by playwright.config.ts)");
  const user = await createSignedInUser(options);
  const value = user.cookie.slice(SESSION_COOKIE.length + 1);
  // As Better Auth sets it: HttpOnly, SameSite=Lax, for the whole site.
  await context.addCookies([{ name: SESSION_COOKIE, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return user;
}
