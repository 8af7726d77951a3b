import { createHash } from "node:crypto";
import type pg from "pg";

// PostgreSQL's LISTEN/NOTIFY channels belong to the database, not to a schema: two installs (or
// staging beside production, or two test suites) on one database in different schemas would hear
// each other's events. Each schema therefore has its own channel. `public` keeps the historical
// name, so an install there sees no change and instances of two releases still hear each other
// during a rolling upgrade. The session-change triggers (migration
// 2026-12-06T1000-event-channel-per-schema) compute the same name in SQL from TG_TABLE_SCHEMA; a
// test holds the two to each other, the long-name case included.

const BASE = "agency_events";
/** PostgreSQL's identifier limit (NAMEDATALEN − 1): pg_notify refuses longer channel names. */
const MAX_CHANNEL_BYTES = 63;

/** The LISTEN/NOTIFY channel of the install whose tables live in `schema`. */
export function eventChannelFor(schema: string): string {
  if (schema === "public") return BASE;
  const named = `${BASE}.${schema}`;
  if (Buffer.byteLength(named, "utf8") <= MAX_CHANNEL_BYTES) return named;
  return `${BASE}.${createHash("md5").update(schema, "utf8").digest("hex")}`;
}

/** `LISTEN` takes an identifier, not a value: the channel quoted as one. */
export function listenStatement(channel: string): string {
  return `LISTEN "${channel.replaceAll('"', '""')}"`;
}

/**
 * LISTENs on the channel of the schema the client's search_path resolves to (the schema the app's
 * own queries use) and returns that channel, for matching its notifications.
 */
export async function listenOnSchemaChannel(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ schema: string | null }>("select current_schema() as schema");
  const channel = eventChannelFor(rows[0]?.schema ?? "public");
  await client.query(listenStatement(channel));
  return channel;
}
