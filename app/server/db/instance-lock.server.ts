import pg from "pg";
import { logger } from "~/server/logger.server";

// "Is an app running on this PostgreSQL database?" (restore refuses a live database).
// Every app instance holds a shared session-level advisory lock on its own connection for as long
// as it runs; a restore takes the same lock exclusively, without waiting. PostgreSQL drops the lock
// when the session ends, so a crashed instance leaves nothing stale to clear; an instance starting
// during a restore waits for it. The key is per database and schema (several apps, or test suites,
// may share one database on different search paths).

const KEY = "hashtext('agency-site:' || current_database() || ':' || coalesce(current_schema(), ''))";
const RECONNECT_MS = 2_000;

/** Holds the shared lock until close(); reconnects and takes it again after a lost connection. */
export async function holdInstanceLock(connectionString: string): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | undefined;
  let closed = false;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.once("error", (error) => {
      next.on("error", () => undefined);
      logger.warn({ err: error }, "instance lock lost its connection");
      void next.end().catch(() => undefined);
      if (client === next) retry();
    });
    await next.connect();
    await next.query(`select pg_advisory_lock_shared(${KEY})`);
    if (closed) return void next.end().catch(() => undefined);
    client = next;
  }

  function retry(): void {
    client = undefined;
    if (closed) return;
    setTimeout(() => void connect().catch(() => retry()), RECONNECT_MS).unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Takes the lock exclusively if no instance holds it; the client holds it until released. */
export async function claimInstanceLock(connectionString: string): Promise<{ release(): Promise<void> } | null> {
  const client = new pg.Client({ connectionString });
  client.on("error", () => undefined);
  await client.connect();
  const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${KEY}) as ok`);
  if (!rows[0]?.ok) {
    await client.end();
    return null;
  }
  return { release: () => client.end() };
}
