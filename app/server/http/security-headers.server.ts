import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * docs/security.md "Headers and caching": scripts from our origin, and inline only those the
 * sources name (a per-render nonce, or the hashes of a stored page's own scripts: decision 0112);
 * no framing.
 */
function documentPolicy(inlineScripts: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(" "),
    // Inline styles (the brand's palette) as before: a style cannot run code (decision 0112).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** A page rendered for one response: its inline scripts carry this nonce. */
export function documentCsp(nonce: string): string {
  return documentPolicy([`'nonce-${nonce}'`]);
}

/**
 * A page sent as the same bytes to everyone (the HTML cache): exactly these inline scripts, by
 * their `'sha256-…'` sources; with none, no inline script may run.
 */
export function hashedDocumentCsp(scriptHashes: readonly string[]): string {
  return documentPolicy(scriptHashes);
}

/** Non-document responses (assets, resource routes) never need to run or embed anything. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
};
