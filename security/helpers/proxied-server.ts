import { afterAll, beforeAll, beforeEach } from "vitest";
import { clearRateLimits, closeDatabase } from "./database";
import { startServer, type RunningServer, type ServerInfo } from "./server";

/**
 * A second server of the suite's build behind a reverse proxy on loopback, so X-Forwarded-For is the
 * client's address (TRUSTED_PROXIES). Rate limits start empty on it and on `main` before each test.
 */
export function withProxiedServer(main: () => ServerInfo): () => RunningServer {
  let proxied: RunningServer | undefined;
  beforeAll(async () => {
    proxied = await startServer({ env: { TRUSTED_PROXIES: "loopback" } });
  });
  afterAll(async () => {
    await clearRateLimits(main());
    if (proxied) await closeDatabase(proxied);
    await proxied?.stop();
  });
  beforeEach(async () => {
    await clearRateLimits(main());
    await clearRateLimits(proxied!);
  });
  return () => proxied!;
}
