import type { ServerOptions } from "node:http";

/**
 * The host's node:http limits (decision 0065). `requestTimeout` bounds how long a whole request may
 * take to arrive: Node's default of 5 minutes cuts off a large upload on a slow line (or streamed
 * through a proxy that does not buffer it), so it follows REQUEST_TIMEOUT_MS. Headers still have
 * Node's 60 s, so a client that never finishes its headers is dropped as before.
 */
export function httpServerOptions(env: { REQUEST_TIMEOUT_MS: number }): ServerOptions {
  return { requestTimeout: env.REQUEST_TIMEOUT_MS };
}
