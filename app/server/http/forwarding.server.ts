import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyAddr from "proxy-addr";

export type ProxyTrust = (address: string, hop: number) => boolean;

/** TRUSTED_PROXIES: comma-separated addresses, CIDRs or proxy-addr names (loopback, linklocal, uniquelocal). */
export function compileTrustedProxies(value: string | undefined): ProxyTrust {
  return proxyAddr.compile(
    (value ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

interface RequestOrigin {
  clientIp: string;
  protocol: "http:" | "https:";
  /** Undefined when the request names no host; the Fetch request then says localhost. */
  host: string | undefined;
}

const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port", "forwarded"];

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}

/**
 * Who is asking, and for which URL. X-Forwarded-For/-Proto/-Host count only when the direct peer
 * is a trusted proxy, and are removed otherwise so nothing downstream can believe them. The client
 * IP is the right-most untrusted X-Forwarded-For entry (proxy-addr): addresses a client prepends
 * change nothing. The proxy must overwrite X-Forwarded-Proto/-Host, as docs/deploy.md's does.
 */
export function acceptForwarding(req: IncomingMessage, trust: ProxyTrust): RequestOrigin {
  const peer = req.socket.remoteAddress ?? "";
  const viaProxy = peer !== "" && trust(peer, 0);
  if (!viaProxy) for (const name of FORWARDING_HEADERS) delete req.headers[name];
  const encrypted = (req.socket as TLSSocket).encrypted === true;
  const proto = viaProxy ? firstValue(req.headers["x-forwarded-proto"])?.toLowerCase() : undefined;
  return {
    clientIp: proxyAddr(req, trust),
    protocol: proto === "https" || proto === "http" ? `${proto}:` : encrypted ? "https:" : "http:",
    host: (viaProxy ? firstValue(req.headers["x-forwarded-host"]) : undefined) ?? req.headers.host,
  };
}
