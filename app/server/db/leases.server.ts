import { randomUUID } from "node:crypto";
import os from "node:os";
import { db, type Db } from "./db.server";
import { writeTransaction } from "./write-transaction.server";

// A lease row per job that must run on one instance at a time (the scheduled backup; the
// retention job can take its own name). Taking one is a conditional UPDATE on what was read, so of
// two instances racing exactly one wins; a holder renews it while it works, and a crashed holder's
// lease expires (or is taken over at once when the holder was a dead process on this host).

const HOST =
  os
    .hostname()
    .replace(/[^A-Za-z0-9-]+/g, "-")
    .slice(0, 60) || "host";
const HOLDER = /^(.+)-(\d+)\.[0-9a-f-]{36}$/;

/** A holder id for this process: "{host}-{pid}.{uuid}". */
export function newLeaseHolder(): string {
  return `${HOST}-${process.pid}.${randomUUID()}`;
}

export interface LeaseOptions {
  holder: string;
  ttlMs: number;
  now?: number;
  /** A scheduled occurrence (epoch ms): refused when a run for it or a later one was already taken. */
  slot?: number;
}

/** Takes the lease `name` when it is free, expired, ours, or its holder died on this host. */
export async function takeLease(name: string, options: LeaseOptions, database: Db = db()): Promise<boolean> {
  const now = options.now ?? Date.now();
  await writeTransaction(
    (trx) =>
      trx
        .insertInto("leases")
        .values({ name, holder: "", expiresAt: 0, lastSlot: null })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute(),
    database,
  );
  const row = await database.selectFrom("leases").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
  if (options.slot !== undefined && row.lastSlot !== null && Number(row.lastSlot) >= options.slot) return false;
  const free = Number(row.expiresAt) < now || row.holder === options.holder || isDeadHereHolder(row.holder);
  if (!free) return false;
  const result = await writeTransaction(
    (trx) =>
      trx
        .updateTable("leases")
        .set({ holder: options.holder, expiresAt: now + options.ttlMs, lastSlot: options.slot ?? row.lastSlot })
        .where("name", "=", name)
        .where("holder", "=", row.holder)
        .where("expiresAt", "=", row.expiresAt)
        .executeTakeFirst(),
    database,
  );
  return Number(result.numUpdatedRows) === 1;
}

/** Extends a lease we hold; false when it was lost (expired and taken by someone else). */
export async function renewLease(name: string, holder: string, ttlMs: number, database: Db = db()): Promise<boolean> {
  const result = await writeTransaction(
    (trx) =>
      trx
        .updateTable("leases")
        .set({ expiresAt: Date.now() + ttlMs })
        .where("name", "=", name)
        .where("holder", "=", holder)
        .executeTakeFirst(),
    database,
  );
  return Number(result.numUpdatedRows) === 1;
}

/** Lets go of a lease we hold (the slot it ran for stays recorded). */
export async function releaseLease(name: string, holder: string, database: Db = db()): Promise<void> {
  await writeTransaction(
    (trx) => trx.updateTable("leases").set({ expiresAt: 0 }).where("name", "=", name).where("holder", "=", holder).execute(),
    database,
  );
}

/** Who holds `name` now, if anyone. */
export async function leaseHolder(
  name: string,
  now = Date.now(),
  database: Db = db(),
): Promise<{ holder: string; expiresAt: number } | undefined> {
  const row = await database.selectFrom("leases").select(["holder", "expiresAt"]).where("name", "=", name).executeTakeFirst();
  if (!row || Number(row.expiresAt) < now || isDeadHereHolder(row.holder)) return undefined;
  return { holder: row.holder, expiresAt: Number(row.expiresAt) };
}

function isDeadHereHolder(holder: string): boolean {
  const match = HOLDER.exec(holder);
  if (match?.[1] !== HOST) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "EPERM";
  }
}
