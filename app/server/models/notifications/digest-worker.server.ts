import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { recordJobRun } from "~/server/metrics.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { queueDueDigests } from "./digests.server";

// Decision 0046: every instance runs this; the digest's outbox key decides which
// one queues a person's digest, so running it everywhere is safe and survives any one instance.

export interface DigestWorker {
  stop(): Promise<void>;
  /** Queues what is due at `now` (default: the clock); resolves with the number of digests. */
  runOnce(now?: number): Promise<number>;
}

export function startDigestWorker(
  options: { db?: Kysely<Database>; intervalMs?: number; now?: () => number; poll?: boolean } = {},
): DigestWorker {
  const clock = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 60_000;
  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function runOnce(now?: number): Promise<number> {
    const queued = await queueDueDigests(now ?? clock(), options.db);
    if (queued > 0) notifyMailEnqueued();
    return queued;
  }

  function tick(): void {
    if (stopped) return;
    running = runOnce()
      .then((queued) => {
        recordJobRun("digests", "success");
        return queued;
      })
      .catch((error: unknown) => {
        recordJobRun("digests", "failure");
        logger.error({ err: error }, "digest run failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref();
        }
      });
  }

  if (options.poll !== false) {
    timer = setTimeout(tick, 0);
    timer.unref();
  }

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
