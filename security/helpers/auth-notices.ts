import pg from "pg";
import { SESSION_TABLES } from "~/server/auth/session-cache.server";
import { onTableWrites } from "~/server/db/table-writes.server";
import { listenOnSchemaChannel } from "~/server/events/event-channel.server";

// On PostgreSQL the server under test hears of this process's own writes to the session tables
// (a test putting an actor in place with SQL) from the database's notice on the event channel
// (decision 0107), which arrives a moment after the commit. A request sent straight after such a
// write waits until this process has heard the same notice, and a little more for the server's
// event loop, so the server's kept lookup is gone before it is asked. SQLite's data_version needs
// no wait: the server reads it before each use. The notice comes on the channel of the server's
// schema, as its own event bus hears it.
const SERVER_TURN_MS = 15;
const MISSED_NOTICE_MS = 250;

const listeners = new Map<string, pg.Client>();
let heard: (() => void)[] = [];
let owed: Promise<void> | null = null;
let stopWatch: (() => void) | null = null;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts listening on the server's database, once per database. */
export async function listenForAuthNotices(databaseUrl: string): Promise<void> {
  if (listeners.has(databaseUrl)) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  listeners.set(databaseUrl, client);
  let channel = "";
  client.on("notification", (message) => {
    if (message.channel !== channel || !message.payload?.includes('"auth.changed"')) return;
    const waiting = heard;
    heard = [];
    for (const resolve of waiting) resolve();
  });
  client.on("error", () => undefined);
  await client.connect();
  channel = await listenOnSchemaChannel(client);
  stopWatch ??= onTableWrites(SESSION_TABLES, () => {
    // A notice that beat this callback is not waited for past MISSED_NOTICE_MS.
    const notice = new Promise<void>((resolve) => heard.push(resolve));
    owed = Promise.race([notice, sleep(MISSED_NOTICE_MS)]).then(() => sleep(SERVER_TURN_MS));
  });
}

/** Resolves once the server has had time to hear of the last write to the session tables. */
export async function authWritesHeard(): Promise<void> {
  while (owed) {
    const waiting = owed;
    await waiting;
    if (owed === waiting) owed = null;
  }
}

export async function stopListening(): Promise<void> {
  stopWatch?.();
  stopWatch = null;
  for (const client of listeners.values()) await client.end().catch(() => undefined);
  listeners.clear();
}
