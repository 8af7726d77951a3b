import { otherWritersVersion } from "~/server/db/db.server";
import { onTableWrites } from "~/server/db/table-writes.server";
import { events, type EventBus } from "~/server/events/bus.server";

// Decision 0107: who a session cookie stands for, kept between requests. Better Auth's lookup
// (cookie signature through WebCrypto, the session and user rows, its endpoint plumbing) was most of
// a signed-in request's own work. An entry is dropped when any row it was read from may have
// changed: a committed write to these tables in this process (the driver's watch, whoever wrote),
// the same news from another instance (the bus), or another process's commit to the SQLite file
// (its data_version, read before each use of an entry). The TTL bounds what nothing announces (an
// operator's SQL on PostgreSQL).
export const SESSION_TABLES = ["users", "sessions", "companies"];
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  generation: number;
  storedAt: number;
}

let generation = 0;
const entries = new Map<string, Entry<unknown>>();
let watchedBus: EventBus | null = null;
let stopWriteWatch: (() => void) | null = null;

/** Every entry is stale from now on; lookups already running are not stored. */
export function invalidateSessions(): void {
  generation++;
  entries.clear();
}

function watch(): void {
  stopWriteWatch ??= onTableWrites(SESSION_TABLES, () => {
    invalidateSessions();
    events().publish({ type: "auth.changed" });
  });
  const bus = events();
  if (watchedBus === bus) return;
  watchedBus = bus;
  bus.subscribe((event) => {
    // site.changed: the staff e-mail domain, which decides a role, is a setting.
    if (
      event.type === "auth.changed" ||
      event.type === "client.access-changed" ||
      event.type === "staff.access-changed" ||
      event.type === "site.changed"
    )
      invalidateSessions();
  });
}

/** The generation a lookup starts in: pass it to `store`, which keeps nothing if a change came between. */
export function sessionGeneration(): number {
  watch();
  checkOtherWriters();
  return generation;
}

let writersVersion: number | null = null;

/** Another process committed to the SQLite file since we last looked: nothing kept can be trusted. */
function checkOtherWriters(): void {
  const version = otherWritersVersion();
  if (version !== writersVersion) {
    writersVersion = version;
    invalidateSessions();
  }
}

export function cachedSession<T>(key: string, now = Date.now()): T | undefined {
  if (entries.size === 0) return undefined;
  checkOtherWriters();
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.generation !== generation || now - entry.storedAt > SESSION_CACHE_TTL_MS) {
    entries.delete(key);
    return undefined;
  }
  return entry.value as T;
}

export function storeSession<T>(key: string, value: T, startedIn: number, now = Date.now()): void {
  if (startedIn !== generation) return;
  // Oldest first out: a Map keeps insertion order.
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { value, generation: startedIn, storedAt: now });
}
