import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction, type Socket } from "node:net";
import { hostOf, isPublicAddress } from "./addresses.server";

// One POST to a webhook endpoint, made so it cannot be turned against the network it runs in
// (decision 0103). The host name is resolved by our own `lookup`, at connect time, and every
// address it returns must be public: a name that answers a public address when the URL is saved
// and a private one later (DNS rebinding) is refused when it matters. The connected socket's peer
// is checked again. Redirects are not followed, the whole exchange has 10 s, and at most the
// first 1 kB of the answer is read.

export const REQUEST_TIMEOUT_MS = 10_000;
export const KEPT_BODY_BYTES = 1024;

/** The destination is not allowed: nothing was sent. */
export class DestinationRefused extends Error {
  override name = "DestinationRefused";
}

/** A resolver with the shape of dns.lookup(name, { all: true }); tests hand in their own. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface PostOptions {
  allowedHosts: ReadonlySet<string>;
  resolve?: Resolve;
  timeoutMs?: number;
}

export interface PostOutcome {
  status: number;
  /** The first 1 kB of the answer, as text. */
  body: string;
  durationMs: number;
}

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** A net `lookup` that answers only public addresses for a host that is not allowed. */
function guardedLookup(resolve: Resolve, allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const family = typeof options.family === "number" ? options.family : 0;
        const usable = addresses.filter((a) => family === 0 || a.family === family);
        const blocked = allowed ? undefined : usable.find((a) => !isPublicAddress(a.address));
        if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 4);
        if (blocked)
          return callback(new DestinationRefused(`${hostname} resolves to ${blocked.address}, which is not a public address`), "", 4);
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

/**
 * POSTs `body` to `target`. Resolves with the answer's status (any, 3xx included: not followed),
 * or rejects with DestinationRefused before anything is sent, or with the network error.
 */
export function postWebhook(target: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostOutcome> {
  const started = performance.now();
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new DestinationRefused("the URL cannot be read"));
  }
  const host = hostOf(url);
  const allowed = options.allowedHosts.has(host);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowed))
    return Promise.reject(new DestinationRefused("only https, or http to a host in WEBHOOK_ALLOWED_HOSTS"));
  if (!allowed && isIP(host) !== 0 && !isPublicAddress(host))
    return Promise.reject(new DestinationRefused(`${host} is not a public address`));

  const client = url.protocol === "https:" ? https : http;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return new Promise<PostOutcome>((resolve, reject) => {
    const request = client.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.resolve ?? systemResolve, allowed),
      // A fresh connection each time: a pooled socket would skip the connect-time check.
      agent: false,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const checkPeer = (socket: Socket) => {
      const peer = socket.remoteAddress;
      if (!allowed && (!peer || !isPublicAddress(peer)))
        request.destroy(new DestinationRefused(`connected to ${peer ?? "an unknown address"}, which is not public`));
    };
    request.on("socket", (socket: Socket) => {
      if (socket.connecting) socket.once("connect", () => checkPeer(socket));
      else checkPeer(socket);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        response.destroy();
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks)
            .subarray(0, KEPT_BODY_BYTES)
            .toString("utf8")
            .replace(/\uFFFD$/, ""),
          durationMs: Math.round(performance.now() - started),
        });
      };
      response.on("data", (chunk: Buffer) => {
        if (kept >= KEPT_BODY_BYTES) return;
        chunks.push(chunk);
        kept += chunk.length;
        // The rest is never read: a large answer costs us 1 kB.
        if (kept >= KEPT_BODY_BYTES) finish();
      });
      response.on("end", finish);
      response.on("error", (error) => reject(error));
    });
    request.on("error", (error) => {
      if (error.name === "TimeoutError" || error.name === "AbortError") reject(new Error(`no answer within ${timeoutMs / 1000} s`));
      else reject(error);
    });
    request.end(body);
  });
}
