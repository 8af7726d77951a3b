// Plain HTTP as a browser without JavaScript would send it, for `npm run test:cluster`.

/** The session cookie(s) a response sets, as a Cookie header value ("" when none). */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session_token"))
    .join("; ");
}

/** A same-origin form post (Origin as a browser sends it); redirects are returned, not followed. */
export function postForm(base: string, path: string, fields: Record<string, string | string[] | Blob>, cookie = ""): Promise<Response> {
  const multipart = Object.values(fields).some((value) => value instanceof Blob);
  const body = multipart ? new FormData() : new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) (body as FormData).append(name, value, (value as File).name);
    else for (const v of [value].flat()) body.append(name, v);
  }
  return fetch(base + path, { method: "POST", body, redirect: "manual", headers: { Origin: base, ...(cookie ? { Cookie: cookie } : {}) } });
}

export async function get(base: string, path: string, cookie = ""): Promise<{ status: number; text: string; bytes: Buffer; type: string }> {
  const response = await fetch(base + path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, text: bytes.toString("utf8"), bytes, type: response.headers.get("content-type") ?? "" };
}

export interface ReceivedEvent {
  name: string;
  data: string;
  at: number;
}

/** Opens a server-sent events stream and records every event with the time it arrived. */
export async function watchEvents(url: string, cookie = "") {
  const abort = new AbortController();
  const response = await fetch(url, {
    signal: abort.signal,
    headers: { Accept: "text/event-stream", ...(cookie ? { Cookie: cookie } : {}) },
  });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const received: ReceivedEvent[] = [];
  let endedAt: number | null = null;
  const reading = (async () => {
    let buffer = "";
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name && data !== undefined) received.push({ name, data, at: Date.now() });
      }
    }
    endedAt = Date.now();
  })().catch(() => undefined);
  return {
    received,
    /** The first event matching `match`, waiting up to `timeoutMs`; null if none came. */
    async waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs: number): Promise<ReceivedEvent | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found || Date.now() > deadline) return found ?? null;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** When the server ended the stream, waiting up to `timeoutMs`; null if it is still open. */
    async waitForEnd(timeoutMs: number): Promise<number | null> {
      const deadline = Date.now() + timeoutMs;
      while (endedAt === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return endedAt;
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
}
