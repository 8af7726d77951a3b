import type { Kysely } from "kysely";
import { db as defaultDb, dialectOfDb, type DbDialect } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import { events as defaultEvents, type EventBus } from "~/server/events/bus.server";
import { startClaimedRunner } from "~/server/events/claimed-runner.server";
import { logger } from "~/server/logger.server";
import type { FileStore } from "~/server/storage/file-store.server";
import { fileStore } from "~/server/storage/storage.server";
import { mailFrom } from "./config.server";
import { claimNext, LOCK_MS, releaseClaim, type OutboxRow } from "./claims.server";
import { createMailTransport, DEFAULT_MAIL_DIR, messageIdFor, type MailTransport } from "./mailer.server";

/** One send must finish well inside the lock, or another worker could pick the row up. */
const SEND_TIMEOUT_MS = 45_000;
export const MAX_ATTEMPTS = 12;
/** Stop trying to record a sent mail this long before its lock expires. */
const MARK_SENT_MARGIN_MS = 5_000;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 15 * 60_000;

export interface MailWorkerOptions {
  db?: Kysely<Database>;
  /** Detected from `db` when omitted. */
  dialect?: DbDialect;
  /** Poll period; `mail.enqueued` events wake the worker earlier. Default 5 s. */
  intervalMs?: number;
  /** Default: SMTP to `SMTP_URL`, or .eml files under `mailDir` when it is unset; signed with DKIM_* when set. */
  transport?: MailTransport;
  /** Used only by the default transport when SMTP_URL is unset. Default ./data/mail. */
  mailDir?: string;
  /** Default: MAIL_FROM, else the stored mail identity's sender, read at each send (config.server.ts). */
  from?: string;
  /** Most messages one run sends. Default 50. */
  batchSize?: number;
  bus?: EventBus;
  /** Clock (epoch ms). */
  now?: () => number;
  /** false: no timer and no event subscription; only explicit runOnce() calls send. Default true. */
  poll?: boolean;
  /** Where attachments are read from. Default: the app's file store. */
  files?: FileStore;
}

export interface MailWorker {
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
  /** Sends what is due at `now` (default: the clock); resolves with the number of messages sent. */
  runOnce(now?: number): Promise<number>;
}

/** 5 s, 10 s, 20 s … capped at 15 min, plus up to 20 % jitter. `attempts` counts the failed one. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  return Math.round(base + base * 0.2 * random());
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 1000);
  const e = error as Error & { code?: string; responseCode?: number };
  const prefix = [e.code, e.responseCode].filter((x) => x !== undefined).join(" ");
  return (prefix ? `${prefix}: ${e.message}` : e.message).slice(0, 1000);
}

/** The server refused the recipient for good (5xx on RCPT): retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number };
  return e?.code === "EENVELOPE" && typeof e.responseCode === "number" && e.responseCode >= 500;
}

/** The row's extra headers; a row that cannot be read goes without them rather than not at all. */
function parseHeaders(json: string | null): Record<string, string> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object") return null;
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return null;
  }
}

/** The row's attachments with their bytes; a missing file throws, so the send is retried later. */
async function readAttachments(
  json: string | null,
  files: () => FileStore,
): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  if (!json) return [];
  const list = JSON.parse(json) as { key: string; filename: string; contentType: string }[];
  return Promise.all(
    list.map(async ({ key, filename, contentType }) => {
      const { stream } = await files().read(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      return { filename, contentType, content: Buffer.concat(chunks) };
    }),
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`send timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function startMailWorker(options: MailWorkerOptions = {}): MailWorker {
  const database = options.db ?? defaultDb();
  const dialect = options.dialect ?? dialectOfDb(database);
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 50;
  const clock = options.now ?? Date.now;
  const bus = options.bus ?? defaultEvents();
  const ownsTransport = !options.transport;
  const transport =
    options.transport ??
    createMailTransport({ smtpUrl: getEnv().SMTP_URL, mailDir: options.mailDir ?? DEFAULT_MAIL_DIR, dkim: getEnv().DKIM });

  async function deliver(row: OutboxRow, now: number): Promise<boolean> {
    const claimedAt = Date.now();
    try {
      // Per send, not per worker: setup or the brand settings may change the sender while it runs.
      const from = options.from ?? (await mailFrom(database));
      const attachments = await readAttachments(row.attachments, () => options.files ?? fileStore());
      await withTimeout(
        transport.send({
          id: row.id,
          createdAt: row.createdAt,
          from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          messageId: messageIdFor(row.idempotencyKey, from),
          headers: parseHeaders(row.headers),
          attachments,
        }),
        SEND_TIMEOUT_MS,
      );
    } catch (error) {
      const permanent = isPermanent(error);
      const failed = permanent || row.attempts >= MAX_ATTEMPTS;
      const lastError = describeError(error);
      await releaseClaim(database, row.id, {
        status: failed ? "failed" : "pending",
        lastError,
        nextAttemptAt: failed ? row.nextAttemptAt : clock() + retryDelayMs(row.attempts),
      });
      const log = { mailId: row.id, attempts: row.attempts, error: lastError };
      if (failed) logger.error(log, permanent ? "mail rejected permanently" : "mail failed after the last attempt");
      else logger.warn(log, "mail send failed; will retry");
      return false;
    }
    // The message is out: keep trying to record it for as long as our claim holds (a database
    // restart takes seconds), or the row is retried once its lock expires: a duplicate with the
    // same Message-ID (PostgreSQL restarted under load).
    const giveUpAt = claimedAt + LOCK_MS - MARK_SENT_MARGIN_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        await releaseClaim(database, row.id, { status: "sent", sentAt: now, lastError: null });
        return true;
      } catch (error) {
        const wait = Math.min(250 * 2 ** attempt, 5_000);
        if (Date.now() + wait > giveUpAt) throw error;
        logger.warn({ err: error, mailId: row.id }, "could not mark mail as sent; retrying");
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  const runner = startClaimedRunner({
    name: "mail worker",
    bus,
    clock,
    intervalMs,
    batchSize,
    claim: (now, seen) => claimNext(database, dialect, now, seen),
    handle: deliver,
    wakesOn: (event) => event.type === "mail.enqueued",
    poll: options.poll,
  });

  let stopping: Promise<void> | undefined;
  return {
    runOnce: runner.runOnce,
    stop() {
      stopping ??= runner.stop().then(() => {
        if (ownsTransport) transport.close();
      });
      return stopping;
    },
  };
}
