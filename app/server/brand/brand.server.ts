import { DEFAULT_MAIL_IDENTITY, DEMO_BRAND, type Brand, type MailIdentity } from "~/lib/brand";
import { db, type Db } from "~/server/db/db.server";
import { events, type EventBus } from "~/server/events/bus.server";
import { logger } from "~/server/logger.server";

// The brand and mail identity, read on nearly every request (root loader, every mail), so held in
// memory and dropped when a `site.changed` event arrives — from this instance or, through the
// PostgreSQL bus, from any other. Writing (with the audit row) is models/site/brand.server.ts.

export const BRAND_KEY = "brand";
export const MAIL_IDENTITY_KEY = "brand.mail";

export interface Stored<T> {
  value: T;
  /** `updatedAt` of the row, 0 when unset: the version an editor saw, checked on save. */
  version: number;
}

interface Cache {
  brand?: Promise<Stored<Brand>>;
  mail?: Promise<Stored<MailIdentity>>;
}

let cache: Cache = {};
let watched: EventBus | null = null;

function watch(): void {
  const bus = events();
  if (watched === bus) return;
  watched = bus;
  bus.subscribe((event) => {
    if (event.type === "site.changed") cache = {};
  });
}

/** Fills unset or newer-than-this-build fields from the defaults, so an old row never breaks a page. */
function merge<T extends object>(defaults: T, stored: unknown): T {
  if (!stored || typeof stored !== "object") return defaults;
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = (stored as Record<string, unknown>)[key];
    if (value === undefined) continue;
    out[key] =
      fallback && typeof fallback === "object" && !Array.isArray(fallback) && value && typeof value === "object"
        ? merge(fallback as object, value)
        : value;
  }
  return out as T;
}

async function read<T extends object>(key: string, defaults: T, executor: Db): Promise<Stored<T>> {
  const row = await executor.selectFrom("appSettings").select(["value", "updatedAt"]).where("key", "=", key).executeTakeFirst();
  if (!row) return { value: defaults, version: 0 };
  try {
    return { value: merge(defaults, JSON.parse(row.value)), version: Number(row.updatedAt) };
  } catch (error) {
    logger.error({ err: error, key }, "stored brand setting is not JSON; using the defaults");
    return { value: defaults, version: Number(row.updatedAt) };
  }
}

export function readBrand(executor: Db = db()): Promise<Stored<Brand>> {
  if (executor !== db()) return read(BRAND_KEY, DEMO_BRAND, executor);
  watch();
  cache.brand ??= read(BRAND_KEY, DEMO_BRAND, executor).catch((error: unknown) => {
    cache.brand = undefined;
    throw error;
  });
  return cache.brand;
}

export function readMailIdentity(executor: Db = db()): Promise<Stored<MailIdentity>> {
  if (executor !== db()) return read(MAIL_IDENTITY_KEY, DEFAULT_MAIL_IDENTITY, executor);
  watch();
  cache.mail ??= read(MAIL_IDENTITY_KEY, DEFAULT_MAIL_IDENTITY, executor).catch((error: unknown) => {
    cache.mail = undefined;
    throw error;
  });
  return cache.mail;
}

/**
 * The brand as `executor` sees it: inside a transaction, where a first read through db() would wait
 * for the transaction itself on SQLite. Mails composed inside a write use this.
 */
export async function brandIn(executor: Db): Promise<Brand> {
  return (await readBrand(executor)).value;
}

/** The brand in force. */
export async function getBrand(): Promise<Brand> {
  return (await readBrand()).value;
}

/** Who mails leave as and where notices go. */
export async function getMailIdentity(): Promise<MailIdentity> {
  return (await readMailIdentity()).value;
}

/** Drops this instance's copy (tests; the model calls it right after its own commit too). */
export function forgetBrand(): void {
  cache = {};
}
