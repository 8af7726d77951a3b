import type { Pool } from "pg";
import { logger } from "~/server/logger.server";

/**
 * Lets a node-postgres pool survive the database going away (PostgreSQL restarted under
 * load). pg-pool listens for errors only on idle clients; a client checked out between two queries
 * of a transaction has no listener, so the server ending the session ("terminating connection due
 * to administrator command") was an unhandled 'error' event that killed the process. Every client
 * now keeps a listener of its own: the error is logged, the client's next query fails, and the pool
 * drops it on release and connects afresh once the server is back.
 */
export function guardPoolErrors(pool: Pool, label: string): Pool {
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn({ err: error }, `${label}: connection lost`));
  });
  // Required, or an idle client's error is thrown; the client's own listener has logged it.
  pool.on("error", () => undefined);
  return pool;
}
