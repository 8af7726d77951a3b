import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

// Where a webhook may go (decision 0103, docs/security.md "Webhooks"). Only globally routable
// unicast addresses: no loopback, private, link-local, CGNAT, multicast, unspecified, reserved or
// documentation ranges, and an IPv4 address hidden in IPv6 (::ffff:127.0.0.1) is judged as the
// IPv4 address it is. The hosts an operator lists in WEBHOOK_ALLOWED_HOSTS are exempt.

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse("2000::");

/** Whether a connection to `address` (an IP literal) reaches the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.process(bare);
  if (parsed.range() !== "unicast") return false;
  // IPv6 outside 2000::/3 is not global unicast (IPv4-compatible ::a.b.c.d among others).
  return parsed.kind() === "ipv4" || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6, 3);
}

/** WEBHOOK_ALLOWED_HOSTS as a set of lower-case host names and IP literals. */
export function parseAllowedHosts(value: string | undefined): ReadonlySet<string> {
  return new Set(
    (value ?? "")
      .split(/[\s,]+/)
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ""),
      )
      .filter(Boolean),
  );
}

/** A URL's host as compared with the allowed list: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
}

/**
 * Why `raw` cannot be an endpoint, or null when it can: an https URL (http only to an allowed
 * host), no credentials in it, and no IP literal outside the public internet. Host names are
 * checked again, resolved, when each request connects.
 */
export function endpointUrlProblem(raw: string, allowedHosts: ReadonlySet<string>): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL such as https://hooks.example.com/agency.";
  }
  const host = hostOf(url);
  const allowed = allowedHosts.has(host);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowed))
    return "The URL must start with https:// (plain http only to a host listed in WEBHOOK_ALLOWED_HOSTS).";
  if (url.username || url.password) return "The URL must not contain a user name or password.";
  if (!allowed && isIP(host) !== 0 && !isPublicAddress(host))
    return "That address is private, loopback or reserved: webhooks go to public addresses only.";
  if (!allowed && (host === "localhost" || host.endsWith(".localhost")))
    return "That address is private, loopback or reserved: webhooks go to public addresses only.";
  return null;
}
