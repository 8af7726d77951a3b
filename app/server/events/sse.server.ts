import { isIPv6 } from "node:net";
import { getEnv } from "~/server/env.server";
import { liveStreamClosed, liveStreamOpened } from "~/server/metrics.server";
import { events, type AppEvent, type EventBus } from "./bus.server";

const RETRY_MS = 3_000;
/** Retry-After (seconds) on a refused stream: long enough that a reconnect loop stays cheap. */
const REFUSED_RETRY_S = 30;
const open = new Set<() => void>();
/** Open streams per holder (an IP's /64 or an account), for the per-visitor cap. */
const perHolder = new Map<string, number>();

interface StreamOptions {
  /**
   * Who holds the stream, for the per-visitor cap: `ip:…` (see `streamHolderForIp`) or `user:…`.
   * Signed-in streams count per account, so visitors behind one address do not crowd them out.
   */
  holder: string;
  /**
   * Asked on every heartbeat: false ends the stream (signed out, password reset, account deleted,
   * staff removed — on any instance, since it reads the database). One lookup per heartbeat.
   */
  stillAllowed?: () => Promise<boolean>;
  /** An event that ends the stream at once (e.g. its user's staff access changed on any instance). */
  endWhen?: (event: AppEvent) => boolean;
}

/** The per-IP key of a client address: IPv6 by its /64, which one subscriber usually holds whole. */
export function streamHolderForIp(ip: string): string {
  if (!isIPv6(ip) || ip.includes(".")) return `ip:${ip}`;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `ip:${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

// The events of the last REPLAY_WINDOW_MS, so a stream can catch up on what happened between the
// render of its page and its connection (or while it was reconnecting): without this, a change in
// that gap would never reach the page. Kept per process; fed by the same bus as the streams.
const REPLAY_WINDOW_MS = 60_000;
const REPLAY_MAX = 500;
const recent: { at: number; event: AppEvent }[] = [];
let recordingOn: EventBus | undefined;
/** When each event type was last seen here; before any, when this module loaded. */
const lastSeen = new Map<AppEvent["type"], number>();
const loadedAt = Date.now();

/** Starts keeping recent events for replay (at boot, before anything can publish; idempotent). */
export function recordRecentEvents(): void {
  const bus = events();
  if (recordingOn === bus) return;
  recordingOn = bus;
  bus.subscribe((event) => {
    // Session changes never reach a page, and a burst of sign-ins must not push out what does.
    if (event.type === "auth.changed") return;
    const at = Date.now();
    lastSeen.set(event.type, at);
    recent.push({ at, event });
    if (recent.length > REPLAY_MAX) recent.splice(0, recent.length - REPLAY_MAX);
  });
}

/**
 * The `since` a live page's loader hands its stream: when a change of these types was last seen
 * here. Read it before the page's data: any change after it is then replayed to the page, any
 * change before it is in the data. It moves only when such a change happens, so the same data
 * reads the same (cached copies and .data answers stay byte-identical).
 */
export function liveSince(types: AppEvent["type"][]): number {
  return Math.max(loadedAt, ...types.map((type) => lastSeen.get(type) ?? 0));
}

/** The stream names `select` gives the events seen after `since` (once each), oldest first. */
function missedSince(since: number, select: (event: AppEvent) => string | null): Map<string, AppEvent> {
  const missed = new Map<string, AppEvent>();
  const floor = Math.max(since, Date.now() - REPLAY_WINDOW_MS);
  for (const { at, event } of recent) {
    if (at <= floor) continue;
    const name = select(event);
    if (name) missed.set(name, event);
  }
  return missed;
}

/** `?since=` of a stream URL: the server time (epoch ms) its page's data was read, or null. */
function sinceOf(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("since");
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

function refuse(status: 429 | 503, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(REFUSED_RETRY_S), "Cache-Control": "no-store" },
  });
}

/**
 * A server-sent events response that forwards bus events picked by `select` (as `event: name`),
 * sends a comment heartbeat so proxies keep it open, and cleans up when the client leaves.
 * Refused with 429 past SSE_MAX_PER_IP for its holder and 503 past SSE_MAX_STREAMS for the process
 * (docs/security.md "Live updates"): EventSource gives up on a refusal and the page works on
 * without live updates until the next navigation.
 */
export function eventStream(request: Request, select: (event: AppEvent) => string | null, options: StreamOptions): Response {
  const { SSE_MAX_PER_IP, SSE_MAX_STREAMS, SSE_HEARTBEAT_MS } = getEnv();
  if (open.size >= SSE_MAX_STREAMS) return refuse(503, "Too many live connections. Try again later.");
  const held = perHolder.get(options.holder) ?? 0;
  if (held >= SSE_MAX_PER_IP) return refuse(429, "Too many live connections from this address.");
  perHolder.set(options.holder, held + 1);

  recordRecentEvents();
  const encoder = new TextEncoder();
  let closed = false;
  let cleanup = () => {};
  const release = () => {
    const left = (perHolder.get(options.holder) ?? 1) - 1;
    if (left > 0) perHolder.set(options.holder, left);
    else perHolder.delete(options.holder);
  };

  const stream = new ReadableStream<Uint8Array>({
    // Runs inside the constructor: the stream is counted before the next request is looked at.
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      const since = sinceOf(request);
      if (since !== null) {
        for (const [name, event] of missedSince(since, select)) {
          if (!options.endWhen?.(event)) send(`event: ${name}\ndata: ${JSON.stringify(event)}\n\n`);
        }
      }
      const unsubscribe = events().subscribe((event) => {
        if (options.endWhen?.(event)) return cleanup();
        const name = select(event);
        if (name) send(`event: ${name}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      let checking = false;
      const beat = () => {
        if (!options.stillAllowed) return send(": heartbeat\n\n");
        if (checking) return;
        checking = true;
        options
          .stillAllowed()
          .catch(() => true) // a database hiccup is no reason to drop everyone; the next beat asks again
          .then((allowed) => (allowed ? send(": heartbeat\n\n") : cleanup()))
          .finally(() => (checking = false));
      };
      const heartbeat = setInterval(beat, SSE_HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(cleanup);
        liveStreamClosed();
        release();
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      open.add(cleanup);
      liveStreamOpened();
      request.signal.addEventListener("abort", cleanup);
      if (request.signal.aborted) cleanup();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression layer from buffering the stream; a stream may carry a
      // client's own changes, so nothing may keep a copy (no-store).
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

/** Ends every open stream (graceful shutdown); clients reconnect to another instance. */
export function closeAllEventStreams(): number {
  const all = [...open];
  for (const close of all) close();
  return all.length;
}
