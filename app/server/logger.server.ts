import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

const LOGGABLE_NAME = /^[\w.[\]-]{1,40}$/;

/**
 * A URL or path as the logs show it: every query value replaced, so reset tokens and whatever
 * else a link carries never reach a log file. Parameter names stay, for debugging.
 */
export function loggableUrl(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const start = value.indexOf("?");
  if (start === -1) return value;
  const end = value.indexOf("#", start);
  const pairs = value
    .slice(start + 1, end === -1 ? undefined : end)
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      const shown = LOGGABLE_NAME.test(name) ? name : "[redacted]";
      return eq === -1 ? shown : `${shown}=[redacted]`;
    });
  return `${value.slice(0, start)}?${pairs.join("&")}`;
}

// The request being answered: server.ts runs each request inside it, so every line logged while
// answering (any module, any await later) carries the request's id, the one in X-Request-Id.
const requestContext = new AsyncLocalStorage<string>();

/** Runs `answer` as part of the request `requestId`: log lines written meanwhile carry it. */
export function withRequestId<T>(requestId: string, answer: () => T): T {
  return requestContext.run(requestId, answer);
}

// Structured JSON logs on stdout; level from LOG_LEVEL so tests and benchmarks can quiet them.
// Every `url` passes through loggableUrl, whichever module logs it.
export const logger = pino({
  // An empty LOG_LEVEL counts as unset, as every variable does (env.server.ts).
  level: process.env.LOG_LEVEL?.trim() || (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: { service: "agency-site" },
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
  serializers: { url: loggableUrl },
  // A fresh object each time: pino merges the line's own fields into it.
  mixin: () => {
    const requestId = requestContext.getStore();
    return requestId === undefined ? {} : { requestId };
  },
});
