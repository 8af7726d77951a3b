import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/server/env.server";

// A lead's opened link lives on as a cookie (decision 0093): the link's id and its expiry, signed
// with AUTH_SECRET so a browser cannot name another link. One cookie per proposal, sent only to
// the proposal pages, so two proposals opened in one browser keep their own grants. The link
// row stays the authority: a withdrawn link ends the grant whatever the cookie says.

const PREFIX = "agency.proposal_";
const ID = /^[\w-]{1,64}$/;

export const proposalViewPath = (proposalId: string) => `/proposal/view/${encodeURIComponent(proposalId)}`;

function sign(proposalId: string, linkId: string, expires: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`proposal-grant:${proposalId}:${linkId}:${expires}`).digest("base64url");
}

// The pages' path, not one proposal's: the router's data requests go to `/proposal/view/<id>.data`,
// which a cookie scoped to `/proposal/view/<id>` would not reach. The name still keeps each apart.
function attributes(maxAge: number): string {
  const secure = getEnv().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `Path=/proposal/view; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie keeping `grant` until its link expires. */
export function grantCookie(grant: { linkId: string; proposalId: string; expiresAt: number }, now = Date.now()): string {
  const expires = String(Math.floor(grant.expiresAt / 1000));
  const maxAge = Math.max(0, Math.floor((grant.expiresAt - now) / 1000));
  const value = `${grant.linkId}.${expires}.${sign(grant.proposalId, grant.linkId, expires)}`;
  return `${PREFIX}${grant.proposalId}=${value}; ${attributes(maxAge)}`;
}

/** The link id the request's cookie for `proposalId` names, when its signature holds and it has not expired. */
export function grantedLinkId(request: Request, proposalId: string, now = Date.now()): string | null {
  if (!ID.test(proposalId)) return null;
  const name = `${PREFIX}${proposalId}`;
  for (const part of request.headers.get("cookie")?.split(";") ?? []) {
    const pair = part.trim();
    const eq = pair.indexOf("=");
    if (eq <= 0 || pair.slice(0, eq) !== name) continue;
    const [linkId, expires, mac, ...rest] = pair.slice(eq + 1).split(".");
    if (rest.length > 0 || !linkId || !expires || !mac || !ID.test(linkId) || !/^\d{9,12}$/.test(expires)) return null;
    if (Number(expires) * 1000 <= now) return null;
    const expected = Buffer.from(sign(proposalId, linkId, expires));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? linkId : null;
  }
  return null;
}
