import { redirect } from "react-router";
import { roleForEmail, type Role } from "~/lib/roles";
import { AREA_LABELS, mayUse, STAFF_ROLE_LABELS, type ConsoleArea } from "~/lib/staff-roles";
import type { SessionUser } from "./actor.server";
import { auth } from "./auth.server";
import { logger } from "~/server/logger.server";
import { STEP_UP_PATH, TWO_FACTOR_SETUP_PATH } from "~/lib/two-factor";
import { dashboardLink } from "~/lib/links";
import { staffSecondFactorRequired } from "./second-factor.server";
import { staffDisabled, staffRoleOf } from "./staff-access.server";
import { ensureOwnCompany, type Membership } from "./membership.server";
import { cachedSession, sessionGeneration, storeSession } from "./session-cache.server";
import { companyDomain } from "~/server/brand/company-domain.server";
import { isSetupDone, SETUP_PATH } from "./setup-state.server";

// docs/security.md "Sessions": Better Auth sessions slide forever; we end them a fixed time after
// sign-in.
export const ABSOLUTE_LIFETIME_MS: Record<Role, number> = {
  client: 30 * 24 * 3_600_000,
  employee: 12 * 3_600_000,
};

/** Whether the request presents a session cookie (valid or not), whatever its prefix. */
export function carriesSession(request: Request): boolean {
  return request.headers.get("cookie")?.includes("session_token") ?? false;
}

/** Set by the HTTP layer on every request (replacing any client value); React Router hands each
 *  loader its own copy of the Request, so this header is what ties them to one page view. */
export const REQUEST_ID_HEADER = "x-agency-request-id";

/** A session opened by Google for an account with two-factor on, before its code (decision 0029). */
export interface PendingStepUp {
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
  sessionToken: string;
}

/** Who the session stands for: a user, a step-up still waiting for its code, or nobody. */
interface Lookup {
  user: SessionUser | null;
  stepUp: PendingStepUp | null;
  /** TOTP is on, or a passkey opened this session (STAFF_2FA, decisions 0029/0030). */
  secondFactor: boolean;
}
const NOBODY: Lookup = { user: null, stepUp: null, secondFactor: false };

// Root, layout and page loaders of one page view all ask: the database is asked once per request.
// Reads only: an action (sign-out, deletion) runs uncached, and the loaders after it look anew.
const lookups = new Map<string, Promise<Lookup>>();

function cachedLookup(request: Request): Promise<Lookup> {
  const requestId = request.headers.get(REQUEST_ID_HEADER);
  if (!requestId || (request.method !== "GET" && request.method !== "HEAD")) return lookUpSession(request).then((found) => found.lookup);
  let lookup = lookups.get(requestId);
  if (!lookup) {
    lookup = sharedLookup(request);
    lookups.set(requestId, lookup);
  }
  return lookup;
}

/** The session cookie(s) as sent: what Better Auth's answer depends on, so the cache's key. */
function sessionCookieKey(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const found = header.match(/(?:^|;)\s*[^=;\s]*session_token=[^;]*/g);
  return found ? found.map((part) => part.trim().replace(/^;\s*/, "")).join("; ") : null;
}

interface KnownSession {
  lookup: Lookup;
  /** The session's own expiry or its absolute lifetime, whichever comes first. */
  until: number;
}

/**
 * Between requests too (decision 0107): a signed-in person's lookup is kept until a write to the
 * rows it came from, on any instance, or its TTL. Only a person found is kept: a bad cookie is
 * looked up each time and fills nothing.
 */
async function sharedLookup(request: Request): Promise<Lookup> {
  const key = sessionCookieKey(request);
  if (!key) return NOBODY;
  const now = Date.now();
  const known = cachedSession<KnownSession>(key, now);
  if (known && now < known.until) return known.lookup;
  const startedIn = sessionGeneration();
  const found = await lookUpSession(request);
  if (found.lookup.user && found.until !== undefined)
    storeSession<KnownSession>(key, { lookup: found.lookup, until: found.until }, startedIn);
  return found.lookup;
}

/**
 * The signed-in user, or null. An expired or revoked session counts as signed out, and so does one
 * still waiting for its second factor (decision 0029): only the step-up page sees that one.
 */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await cachedLookup(request)).user;
}

/** The session's pending step-up (Google sign-in, two-factor on, no code yet), or null. */
export async function getPendingStepUp(request: Request): Promise<PendingStepUp | null> {
  return (await cachedLookup(request)).stepUp;
}

/** Called once the request is answered. */
export function forgetSessionLookup(requestId: string): void {
  lookups.delete(requestId);
}

/**
 * Whether the session a long-lived response (an event stream) was opened with still stands for
 * the same user and role: false after logout, a password reset, deletion or removal. Asked on
 * every heartbeat, so it reads without sliding the session's expiry (no cookie can be set there).
 */
export async function sessionStillValid(request: Request, user: SessionUser): Promise<boolean> {
  const now = (await lookUpSession(request, false)).lookup.user;
  return now !== null && now.id === user.id && now.role === user.role && now.staffRole === user.staffRole;
}

async function lookUpSession(request: Request, refresh = true): Promise<{ lookup: Lookup; until?: number }> {
  const nobody = { lookup: NOBODY };
  if (!carriesSession(request)) return nobody;
  const result = await (await auth()).api.getSession({ headers: request.headers, query: { disableRefresh: !refresh } });
  if (!result) return nobody;
  const role = roleForEmail(result.user.email, companyDomain());
  const emailVerified = Boolean(result.user.emailVerified);
  if (role === "employee" && !emailVerified) {
    // A company address is staff only once verified (console, CLI, or Google's word).
    logger.warn({ userId: result.user.id }, "session of an unverified company address refused");
    return nobody;
  }
  // Disabling revokes the sessions too (models/accounts/staff.server.ts); this covers any left in flight.
  if (role === "employee" && staffDisabled(result.user)) return nobody;
  const startedAt = new Date(result.session.createdAt).getTime();
  if (Date.now() - startedAt > ABSOLUTE_LIFETIME_MS[role]) {
    await (
      await auth()
    ).api
      .revokeSession({ headers: request.headers, body: { token: result.session.token } })
      .catch((error: unknown) => logger.warn({ err: error }, "expired session not revoked"));
    return nobody;
  }
  if (result.session.secondFactorPending) {
    const { id: sessionId, token: sessionToken } = result.session;
    return {
      lookup: {
        user: null,
        stepUp: { userId: result.user.id, email: result.user.email, role, sessionId, sessionToken },
        secondFactor: false,
      },
    };
  }
  const user: SessionUser = {
    id: result.user.id,
    email: result.user.email,
    name: result.user.name,
    role,
    emailVerified,
    staffRole: role === "employee" ? staffRoleOf(result.user) : null,
    timeZone: (result.user as { timeZone?: string | null }).timeZone ?? null,
  };
  // Read from the rows getSession already fetched: the staff guard asks on every console request.
  const secondFactor = Boolean((result.user as { twoFactorEnabled?: unknown }).twoFactorEnabled) || Boolean(result.session.passkeySignIn);
  const until = Math.min(new Date(result.session.expiresAt).getTime(), startedAt + ABSOLUTE_LIFETIME_MS[role]);
  return { lookup: { user, stepUp: null, secondFactor }, until };
}

/** Guard: any signed-in user, else to /login; a session waiting for its second factor, to the step-up page. */
export async function requireUser(request: Request): Promise<SessionUser> {
  return (await requireSignedIn(request)).user;
}

async function requireSignedIn(request: Request): Promise<Lookup & { user: SessionUser }> {
  const lookup = await cachedLookup(request);
  if (lookup.stepUp) throw redirect(STEP_UP_PATH);
  if (!lookup.user) throw redirect("/login");
  return { ...lookup, user: lookup.user };
}

/** A signed-in client with the company they belong to (decision 0032). */
export interface ClientUser extends SessionUser {
  companyId: string;
  /** May invite and remove teammates from the portal (staff switch it per member). */
  clientAdmin: boolean;
  /** Their "receives invoices" choice (null: follows clientAdmin). */
  receivesInvoices: boolean | null;
}

export const COMPANY_CLOSED_MESSAGE = "Your company's account is closed. Contact us if you need it reopened.";

/**
 * Guard: a signed-in client, with their company; staff are sent to their own dashboard. A client
 * registered at /login gets a company of their own on first need (SPEC journey unchanged); a
 * member of a closed company is refused with 403.
 */
export async function requireClient(request: Request): Promise<ClientUser> {
  const user = await requireUser(request);
  if (user.role !== "client") throw redirect(dashboardLink("staff"));
  const membership = await clientMembership(user);
  if (membership.closed) throw new Response(COMPANY_CLOSED_MESSAGE, { status: 403, statusText: "Company closed" });
  return { ...user, companyId: membership.companyId, clientAdmin: membership.clientAdmin, receivesInvoices: membership.receivesInvoices };
}

/** The client's company, kept with their session (decision 0107) once they have one. */
async function clientMembership(user: SessionUser): Promise<Membership> {
  const key = `membership:${user.id}`;
  const known = cachedSession<Membership>(key);
  if (known) return known;
  const startedIn = sessionGeneration();
  const membership = await ensureOwnCompany(user);
  storeSession(key, membership, startedIn);
  return membership;
}

/**
 * Guard: a signed-in employee with a verified company address whose role may use `area` (the one
 * map, app/lib/staff-roles.ts; decision 0031). Anyone else is refused with 403. Without an area:
 * any staff member (their own account page).
 */
export async function requireStaff(request: Request, area: ConsoleArea = "account"): Promise<SessionUser> {
  // A fresh install has no staff to sign in: its console is first-run setup (decision "first-run setup").
  const lookup = await cachedLookup(request);
  if (!lookup.user && !lookup.stepUp && !(await isSetupDone())) throw redirect(SETUP_PATH);
  const { user, secondFactor } = await requireSignedIn(request);
  if (user.role !== "employee" || !user.emailVerified) {
    throw new Response("This area is for staff only.", { status: 403, statusText: "Staff only" });
  }
  // Decisions 0029/0030: with STAFF_2FA=required, no console loader or action runs before
  // enrolment, unless this session was opened by a passkey (device + unlock: two factors already).
  if (staffSecondFactorRequired() && !secondFactor) {
    throw redirect(TWO_FACTOR_SETUP_PATH);
  }
  if (!mayUse(user.staffRole, area)) {
    const role = user.staffRole ? `The ${STAFF_ROLE_LABELS[user.staffRole]} role` : "Your account has no role and";
    throw new Response(`${role} does not include ${AREA_LABELS[area]}. Ask an admin if you need it.`, {
      status: 403,
      statusText: "Not part of your role",
    });
  }
  return user;
}
