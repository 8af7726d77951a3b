import { AsyncLocalStorage } from "node:async_hooks";
import { site } from "~/content/site";
import { db, type Executor } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { events, type EventBus } from "~/server/events/bus.server";
import { logger } from "~/server/logger.server";

// The staff e-mail domain: COMPANY_DOMAIN when set, else the domain saved at first-run setup, else
// the demo's. Sign-in decides a person's role from it on every request, synchronously, so the saved
// value is held in memory: loaded at boot (server/app.ts, scripts/staff.ts) and reloaded when
// `site.changed` arrives, from this instance or, through the PostgreSQL bus, from any other.

export const COMPANY_DOMAIN_KEY = "company.domain";

let stored: string | null = null;
let watched: EventBus | null = null;
// First-run setup creates the admin before the domain is committed: inside it, its domain rules.
const pending = new AsyncLocalStorage<string>();

function watch(): void {
  const bus = events();
  if (watched === bus) return;
  watched = bus;
  bus.subscribe((event) => {
    if (event.type !== "site.changed") return;
    loadCompanyDomain().catch((error: unknown) => logger.error({ err: error }, "reloading the company domain failed"));
  });
}

/** The staff e-mail domain in force (lower case). */
export function companyDomain(): string {
  watch();
  return (pending.getStore() ?? getEnv().COMPANY_DOMAIN ?? stored ?? site.domain).toLowerCase();
}

/** Whether COMPANY_DOMAIN fixes the domain (setup then shows it rather than asking). */
export function companyDomainFromEnv(): string | null {
  return getEnv().COMPANY_DOMAIN?.toLowerCase() ?? null;
}

/** Reads the saved domain into memory; call once the database is migrated. */
export async function loadCompanyDomain(executor: Executor = db()): Promise<string> {
  watch();
  const row = await executor.selectFrom("appSettings").select("value").where("key", "=", COMPANY_DOMAIN_KEY).executeTakeFirst();
  stored = row?.value.trim().toLowerCase() || null;
  return companyDomain();
}

/** Runs `work` as if `domain` were already saved (first-run setup, before its commit). */
export function withCompanyDomain<T>(domain: string, work: () => Promise<T>): Promise<T> {
  return pending.run(domain.toLowerCase(), work);
}

/** Tests: forget the saved value (a new database). */
export function forgetCompanyDomain(): void {
  stored = null;
}
