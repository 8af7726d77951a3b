import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { ProxyTrust } from "./forwarding.server";

export const REQUEST_ID_RESPONSE_HEADER = "X-Request-Id";

// What a proxy's id may look like: a UUID, nginx's $request_id (hex), a trace id in base64 or
// with dots and colons. It lands in log lines and a response header, so no spaces, quotes,
// commas or control characters, and never more than 128 characters.
const SANE_REQUEST_ID = /^[A-Za-z0-9][\w.:+=/-]{0,127}$/;

/**
 * The request's id: the one a trusted proxy (TRUSTED_PROXIES) put in X-Request-Id, so the
 * proxy's log and ours name the request alike; otherwise a fresh UUID. A client's own header is
 * never believed: it could collide on purpose with someone else's request in the logs.
 */
export function requestIdOf(req: IncomingMessage, trust: ProxyTrust): string {
  const offered = req.headers["x-request-id"];
  if (typeof offered === "string" && SANE_REQUEST_ID.test(offered)) {
    const peer = req.socket.remoteAddress;
    if (peer !== undefined && trust(peer, 0)) return offered;
  }
  const id = randomUUID();
  // Whatever reads the header further in sees the id the logs use.
  if (offered !== undefined) req.headers["x-request-id"] = id;
  return id;
}
