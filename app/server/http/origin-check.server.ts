/**
 * Refuses cross-site state-changing requests to resource routes, which React Router's own origin
 * check does not cover (docs/security.md "Cross-site requests"). Browsers send Origin on every
 * cross-origin POST. The request URL is the one the browser used: server.ts takes its scheme and
 * host from X-Forwarded-Proto/-Host only when a trusted proxy sent them, so a client cannot name
 * its own origin here.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin) {
    try {
      return new URL(origin).origin === new URL(request.url).origin;
    } catch {
      return false;
    }
  }
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}
