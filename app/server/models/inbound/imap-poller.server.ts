import type { ImapFlow } from "imapflow";
import { newLeaseHolder, releaseLease, renewLease, takeLease } from "~/server/db/leases.server";
import { logger } from "~/server/logger.server";
import { describeImapTarget, type ImapTarget } from "~/server/env-imap.server";
import { recordJobRun, setInboundImapConnected } from "~/server/metrics.server";
import { importUnseen } from "./imap-import.server";
import { IMAP_LEASE } from "./imap-status.server";
import { processSoon } from "./inbound-sweep.server";

// Decision 0100: the mailbox of INBOUND_IMAP_URL is read by one instance at a time, the holder of
// the "inbound-imap" lease (db/leases.server.ts), renewed while connected; the others try to take
// it every poll period, so one takes over within a lease's life when the holder dies. The holder
// keeps one connection open: a pass at connect, a pass on every new message the server announces
// (IDLE; imapflow falls back to NOOP polling where the server has no IDLE), and a pass every poll
// period whatever it announces. A failed connection is logged, counted (job "inbound-imap",
// gauge agency_inbound_imap_connected), the lease let go, and tried again after a backoff.

const LEASE = IMAP_LEASE;
const JOB = "inbound-imap";

export interface ImapPollerOptions {
  /** Fallback pass and lease retry period. */
  pollMs?: number;
  leaseTtlMs?: number;
  /** First wait after a failure; doubled each time, up to backoffMaxMs. */
  backoffMs?: number;
  backoffMaxMs?: number;
  /** What happens to a newly stored message: processed at once in this process by default. */
  onStored?: (id: string) => void;
}

export interface ImapPoller {
  /** Ends the connection and lets go of the lease; resolves once done. */
  stop(): Promise<void>;
}

export function startImapPoller(target: ImapTarget, options: ImapPollerOptions = {}): ImapPoller {
  const pollMs = options.pollMs ?? 60_000;
  const leaseTtlMs = options.leaseTtlMs ?? 90_000;
  const backoffMs = options.backoffMs ?? 5_000;
  const backoffMaxMs = options.backoffMaxMs ?? 5 * 60_000;
  const onStored = options.onStored ?? processSoon;
  const holder = newLeaseHolder();
  const where = describeImapTarget(target);
  let stopped = false;
  /** Ends the current wait (a sleep or a session) early: set by whichever is running. */
  let interrupt: (() => void) | null = null;
  let failures = 0;
  /** The connection of the current session, so that stop() can cut a connect or a stuck pass short. */
  let live: ImapFlow | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      interrupt = done;
    });

  /** Connected and holding the lease until stopped (resolves), the lease lost (resolves) or the connection gone (rejects). */
  async function session(): Promise<void> {
    // Loaded on the first connection: an install without an IMAP mailbox never loads the client.
    const { ImapFlow } = await import("imapflow");
    const client = new ImapFlow({
      host: target.host,
      port: target.port,
      secure: target.secure,
      doSTARTTLS: target.requireStartTls ? true : undefined,
      auth: { user: target.user, pass: target.password },
      logger: false,
      // IDLE starts soon after a pass, so a message arriving just after one is not kept waiting.
      autoIdleDelay: 2_000,
      maxIdleTime: pollMs,
    });
    live = client;
    // Without a listener an 'error' event would throw out of the process; 'close' ends the session.
    client.on("error", (error: Error) => logger.warn({ err: error, mailbox: where }, "inbound IMAP: connection error"));
    try {
      await client.connect();
    } catch (error) {
      client.close();
      live = null;
      throw error;
    }
    let current: Promise<unknown> = Promise.resolve();
    try {
      await client.mailboxOpen(target.mailbox);
      failures = 0;
      setInboundImapConnected(true);
      logger.info({ mailbox: where, idle: client.capabilities.has("IDLE") }, "inbound IMAP: connected");
      await new Promise<void>((resolve, reject) => {
        let ended = false;
        let passing = false;
        let again = false;
        const finish = (error?: Error) => {
          if (ended) return;
          ended = true;
          clearInterval(pollTimer);
          clearInterval(renewTimer);
          interrupt = null;
          if (error) reject(error);
          else resolve();
        };
        const pass = () => {
          if (ended) return;
          if (passing) {
            again = true;
            return;
          }
          passing = true;
          current = importUnseen(client, target.mailbox, { onStored, stopping: () => ended })
            .then(
              (result) => {
                recordJobRun(JOB, "success");
                if (result.imported > 0 || result.duplicates > 0)
                  logger.info({ mailbox: where, ...result }, "inbound IMAP: messages imported");
                if (result.more) again = true;
              },
              (error: unknown) => {
                if (ended) return;
                recordJobRun(JOB, "failure");
                logger.error({ err: error, mailbox: where }, "inbound IMAP: a pass failed; the next one tries again");
              },
            )
            .finally(() => {
              passing = false;
              if (again && !ended) {
                again = false;
                pass();
              }
            });
        };
        const pollTimer = setInterval(pass, pollMs);
        const renewTimer = setInterval(() => {
          renewLease(LEASE, holder, leaseTtlMs).then(
            (held) => {
              if (held) return;
              logger.warn({ mailbox: where }, "inbound IMAP: the lease went to another instance; disconnecting");
              finish();
            },
            (error: unknown) => logger.error({ err: error }, "inbound IMAP: renewing the lease failed"),
          );
        }, leaseTtlMs / 3);
        pollTimer.unref();
        renewTimer.unref();
        client.on("exists", () => pass());
        client.on("close", () => finish(new Error("the IMAP server closed the connection")));
        interrupt = () => finish();
        if (stopped) finish();
        else pass();
      });
    } finally {
      setInboundImapConnected(false);
      // A pass under way finishes its message (stored and flagged) before the connection goes.
      await current.catch(() => {});
      if (client.usable) await client.logout().catch(() => client.close());
      else client.close();
      live = null;
    }
  }

  const loop = (async () => {
    while (!stopped) {
      let held = false;
      try {
        held = await takeLease(LEASE, { holder, ttlMs: leaseTtlMs });
      } catch (error) {
        logger.error({ err: error }, "inbound IMAP: taking the lease failed");
      }
      if (stopped) break;
      if (!held) {
        await sleep(pollMs);
        continue;
      }
      try {
        await session();
      } catch (error) {
        if (stopped) break;
        failures += 1;
        const wait = Math.min(backoffMs * 2 ** (failures - 1), backoffMaxMs);
        recordJobRun(JOB, "failure");
        logger.error({ err: error, mailbox: where, failures, retryInMs: wait }, "inbound IMAP: connection failed; trying again");
        // Let another instance try meanwhile: it may reach the server when this one cannot.
        await releaseLease(LEASE, holder).catch(() => {});
        await sleep(wait);
      }
    }
    await releaseLease(LEASE, holder).catch((error: unknown) => logger.warn({ err: error }, "inbound IMAP: releasing the lease failed"));
  })();

  logger.info({ mailbox: where }, "inbound IMAP: polling");
  return {
    stop: async () => {
      stopped = true;
      // Connecting (no interrupt to call): cut it now rather than wait out the connect timeout.
      if (interrupt) interrupt();
      else live?.close();
      // A pass on a server that stopped answering would otherwise hold the shutdown up.
      const force = setTimeout(() => live?.close(), 10_000);
      await loop;
      clearTimeout(force);
    },
  };
}
