import { events, type AppEvent } from "./bus.server";

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 3_000;
const open = new Set<() => void>();

/**
 * A server-sent events response that forwards bus events picked by `select` (as `event: name`),
 * sends a comment heartbeat so proxies keep it open, and cleans up when the client leaves.
 */
export function eventStream(request: Request, select: (event: AppEvent) => string | null): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      const unsubscribe = events().subscribe((event) => {
        const name = select(event);
        if (name) send(`event: ${name}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(cleanup);
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      open.add(cleanup);
      request.signal.addEventListener("abort", cleanup);
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
