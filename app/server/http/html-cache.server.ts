// Public pages for anonymous visitors, rendered once and then answered from memory
// (docs/decisions/0011-html-cache.md). server.ts asks it first, before any other work per request.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { AppEvent, EventBus } from "~/server/events/bus.server";
import { bodyOf, chooseEncoding, sendDocument, type Encoding } from "./send-document.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const HTML_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The only paths ever cached: the public pages of SPEC §2, exactly (no query string, no trailing
 * slash, no encoded characters). /quote is not here: its form carries a token issued per render.
 */
const CACHEABLE_PATH = /^\/(?:|services|cases|careers|about|terms|privacy|service\/[a-z0-9-]{1,64}|careers\/[A-Za-z0-9_-]{1,64})$/;

/** The cache key of a request the cache may answer, or null when only the app may answer it. */
export function cacheKeyFor(req: Pick<IncomingMessage, "method" | "url" | "headers">): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url;
  // Any query string (?notice=…, tracking parameters, anything) goes to the app.
  if (url === undefined || !CACHEABLE_PATH.test(url)) return null;
  // Signed in (any session cookie, whatever its prefix) or otherwise authenticated: personal.
  const cookie = req.headers.cookie;
  if (cookie !== undefined && cookie.includes("session_token")) return null;
  if (req.headers.authorization !== undefined) return null;
  return url;
}

/** The same for a Fetch request (entry.server.tsx: a page that may be stored is rendered for everyone). */
export function cacheKeyOfRequest(request: Request): string | null {
  const url = new URL(request.url);
  const headers: IncomingMessage["headers"] = {};
  const cookie = request.headers.get("cookie");
  const authorization = request.headers.get("authorization");
  if (cookie !== null) headers.cookie = cookie;
  if (authorization !== null) headers.authorization = authorization;
  return cacheKeyFor({ method: request.method, url: url.pathname + url.search, headers });
}

/** Which paths an event makes stale. */
function pathsChangedBy(event: AppEvent): ((key: string) => boolean) | null {
  switch (event.type) {
    case "opening.changed":
      return (key) => key === "/careers" || key.startsWith("/careers/");
    case "testimonial.changed":
      return (key) => key === "/";
    case "site.changed":
      return () => true;
    default:
      return null;
  }
}

/** Weak comparison (RFC 9110 §13.1.2): does If-None-Match name this entity tag? */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const candidate of ifNoneMatch.split(",")) {
    const tag = candidate.trim();
    if (tag === "*" || tag === opaque || tag === `W/${opaque}`) return true;
  }
  return false;
}

type RawHeaders = string[];

interface Entry {
  etag: string;
  renderedAt: number;
  expiresAt: number;
  /** The page as every visitor gets it (its CSP names its scripts by hash: decision 0112), per coding. */
  bodies: Record<Encoding, Buffer>;
  /** Complete header lists (name, value, name, value…) per coding, and for 304 (no CSP, as decision 0011 has it). */
  headers: Record<Encoding | "notModified", RawHeaders>;
}

/** Response headers never stored with a page: per-connection, per-coding, or ours to set. */
const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "cache-control",
]);
/** Kept on 304 (RFC 9110 §15.4.5), besides the common security headers. */
const ON_NOT_MODIFIED = new Set(["etag", "vary", "cache-control"]);

interface HtmlCacheOptions {
  ttlMs?: number;
  now?: () => number;
  /** Headers every response carries (server.ts: security headers, HSTS). */
  commonHeaders?: Record<string, string>;
  /** Called when a stored page could not be compressed (never expected). */
  onError?: (error: unknown) => void;
}

export interface HtmlCache {
  /**
   * Answers a request from memory, `extra` (name, value…) added to the stored headers; false when
   * the app must answer it.
   */
  serve(req: IncomingMessage, res: ServerResponse, extra?: readonly string[]): boolean;
  /** The cache key of a request (see cacheKeyFor), or null. */
  keyFor(req: IncomingMessage): string | null;
  /** Call before rendering a page that may be stored; pass the token to `store`. */
  begin(): number;
  /**
   * Whether a rendered response may be stored: a 200 text/html document for a GET, no cookies set,
   * not marked private/no-store. The caller then reads its body and calls `store`.
   */
  accepts(method: string | undefined, response: Response): boolean;
  /**
   * For a request with a cache key: when the app's response may be stored, sends it (buffered,
   * with its ETag), stores it and returns true; otherwise returns false and the caller sends it.
   */
  sendRendered(req: IncomingMessage, res: ServerResponse, key: string, token: number, response: Response): Promise<boolean>;
  /**
   * Stores a rendered page (compressing it off the main thread first) unless the content changed
   * since `begin()`. Returns the headers to send the rendered copy with (ETag, Vary, Cache-Control).
   */
  store(key: string, token: number, response: Response, body: Buffer): { etag: string; headers: Record<string, string> };
  /** Drops entries; all of them without a predicate. */
  invalidate(predicate?: (key: string) => boolean): void;
  /** Follows the event bus: content changes drop the pages that show them. Returns unsubscribe. */
  subscribe(bus: EventBus): () => void;
  /** Waits for pending compressions (tests, shutdown). */
  settled(): Promise<void>;
  setCommonHeaders(headers: Record<string, string>): void;
  readonly size: number;
}

const DOCUMENT_CACHE_CONTROL = "no-cache";
const VARY = "Accept-Encoding, Cookie";

export function createHtmlCache(options: HtmlCacheOptions = {}): HtmlCache {
  const ttlMs = options.ttlMs ?? HTML_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const pending = new Set<Promise<void>>();
  // Keys being compressed now: concurrent first visitors all render, but one copy is stored.
  const filling = new Map<string, number>();
  let common: RawHeaders = toRaw(options.commonHeaders ?? {});
  // Bumped by every invalidation: a render that began before it may hold old content.
  let generation = 0;

  function toRaw(headers: Record<string, string>): RawHeaders {
    return Object.entries(headers).flat();
  }

  function invalidate(predicate?: (key: string) => boolean) {
    generation++;
    if (!predicate) return entries.clear();
    for (const key of entries.keys()) if (predicate(key)) entries.delete(key);
  }

  return {
    get size() {
      return entries.size;
    },

    setCommonHeaders(headers) {
      common = toRaw(headers);
      entries.clear();
    },

    serve(req, res, extra = []) {
      const key = cacheKeyFor(req);
      if (key === null) return false;
      const entry = entries.get(key);
      if (entry === undefined) return false;
      if (now() >= entry.expiresAt) {
        entries.delete(key);
        return false;
      }
      const ifNoneMatch = req.headers["if-none-match"];
      if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, entry.etag)) {
        res.writeHead(304, [...entry.headers.notModified, ...extra]);
        res.end();
        return true;
      }
      const coding = chooseEncoding(req.headers["accept-encoding"]);
      // Age (RFC 9111 §5.1) tells a stored copy from a render.
      const age = String(Math.floor((now() - entry.renderedAt) / 1000));
      res.writeHead(200, [...entry.headers[coding], "Age", age, ...extra]);
      res.end(req.method === "HEAD" ? undefined : entry.bodies[coding]);
      return true;
    },

    keyFor: cacheKeyFor,

    begin() {
      return generation;
    },

    accepts(method, response) {
      if (method !== "GET" || response.status !== 200 || response.body === null) return false;
      const headers = response.headers;
      if (!headers.get("content-type")?.startsWith("text/html")) return false;
      if (headers.has("set-cookie")) return false;
      const cacheControl = headers.get("cache-control") ?? "";
      return !/\b(?:no-store|private)\b/i.test(cacheControl);
    },

    store(key, token, response, rendered) {
      const etag = `W/"${createHash("sha256").update(rendered).digest("base64url").slice(0, 27)}"`;
      const own = { ETag: etag, Vary: VARY, "Cache-Control": DOCUMENT_CACHE_CONTROL };
      if (token !== generation || rendered.length > MAX_BODY_BYTES || filling.get(key) === token) return { etag, headers: own };
      // Every visitor gets these bytes: a nonce in them would be everyone's (decision 0112).
      if (/'nonce-/.test(response.headers.get("content-security-policy") ?? "")) return { etag, headers: own };
      const live = entries.get(key);
      if (live !== undefined && now() < live.expiresAt) return { etag, headers: own };

      const renderedAt = now();
      const stored: RawHeaders = [];
      for (const [name, value] of response.headers) if (!NOT_STORED.has(name)) stored.push(name, value);
      for (const [name, value] of Object.entries(own)) stored.push(name, value);

      // Compressed once, off the main thread (libuv's pool), at the top settings.
      const job = Promise.all([
        brotli(rendered, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: rendered.length,
          },
        }),
        gzip(rendered, { level: 9 }),
      ])
        .then(([br, gz]) => {
          // Content changed while compressing: this copy may be stale.
          if (token !== generation) return;
          const base = [...common, ...stored];
          const withBody = (coding: Encoding, length: number): RawHeaders =>
            coding === "identity"
              ? [...base, "Content-Length", String(length)]
              : [...base, "Content-Encoding", coding, "Content-Length", String(length)];
          const notModified: RawHeaders = [...common];
          for (let i = 0; i < stored.length; i += 2) {
            if (ON_NOT_MODIFIED.has(stored[i]!.toLowerCase())) notModified.push(stored[i]!, stored[i + 1]!);
          }
          if (entries.size >= MAX_ENTRIES && !entries.has(key)) {
            // Oldest first (Map keeps insertion order).
            const oldest = entries.keys().next().value;
            if (oldest !== undefined) entries.delete(oldest);
          }
          entries.delete(key);
          entries.set(key, {
            etag,
            renderedAt,
            expiresAt: renderedAt + ttlMs,
            bodies: { br, gzip: gz, identity: rendered },
            headers: {
              br: withBody("br", br.length),
              gzip: withBody("gzip", gz.length),
              identity: withBody("identity", rendered.length),
              notModified,
            },
          });
        })
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          pending.delete(job);
          if (filling.get(key) === token) filling.delete(key);
        });
      filling.set(key, token);
      pending.add(job);
      return { etag, headers: own };
    },

    async sendRendered(req, res, key, token, response) {
      if (!this.accepts(req.method, response)) return false;
      const body = await bodyOf(response);
      const { headers } = this.store(key, token, response, body);
      sendDocument(req, res, response.status, [...response.headers, ...Object.entries(headers)], body);
      return true;
    },

    invalidate,

    subscribe(bus) {
      return bus.subscribe((event) => {
        const predicate = pathsChangedBy(event);
        if (predicate) invalidate(predicate);
      });
    },

    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
