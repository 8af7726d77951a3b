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

/**
 * A call of the JSON API made with a bearer token and no cookie at all (decision 0104). Such a
 * request carries no ambient credential a browser would add on its own, so there is nothing for a
 * forged cross-site request to ride on: the API reads only the token, and a request that also
 * carries cookies is checked like any other. Everything else falls to `isSameOrigin`.
 */
export function isBearerApiCall(request: Request): boolean {
  if (request.headers.has("cookie")) return false;
  if (!/^Bearer\s+\S+$/i.test(request.headers.get("authorization") ?? "")) return false;
  return new URL(request.url).pathname.startsWith("/api/v1/");
}
