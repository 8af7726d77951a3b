import { logger } from "~/server/logger.server";
import type { AppEvent, EventBus } from "./bus.server";

// The loop of an outbox that every instance works on (the mail outbox, webhook deliveries): it
// claims one due row at a time under a lock, right before handling it, so a long run never outlives
// its locks and two instances never handle the same row. Woken by the bus and by a timer; a run
// that used its whole batch runs again at once, as more is probably waiting.

export interface ClaimedRunnerOptions<Row extends { id: string }> {
  /** Names the runner in its log lines ("mail worker"). */
  name: string;
  bus: EventBus;
  /** The scheduling clock (epoch ms): which rows are due. */
  clock: () => number;
  /** Poll period; a waking event runs it earlier. */
  intervalMs: number;
  /** Most rows one run claims. */
  batchSize: number;
  /** Rows handled at once. Default 1 (one after another). */
  lanes?: number;
  /** Claims the next row due at `now` that is not in `seen`; undefined when none is due. */
  claim(now: number, seen: ReadonlySet<string>): Promise<Row | undefined>;
  /** Handles a claimed row (and releases its claim); true when it succeeded. */
  handle(row: Row, now: number): Promise<boolean>;
  /** The events that mean a row may be waiting. */
  wakesOn(event: AppEvent): boolean;
  /** Looks again this long after a waking event, whose transaction may not have committed yet. */
  recheckMs?: number;
  /** false: no timer and no subscription; only runOnce() works. Default true. */
  poll?: boolean;
}

export interface ClaimedRunner {
  /** Handles what is due at `now` (default: the clock); resolves with how many succeeded. */
  runOnce(now?: number): Promise<number>;
  /** Stops waking and waits for the runs in flight. */
  stop(): Promise<void>;
}

export function startClaimedRunner<Row extends { id: string }>(options: ClaimedRunnerOptions<Row>): ClaimedRunner {
  const { batchSize, clock } = options;
  const lanes = options.lanes ?? 1;
  const inFlight = new Set<Promise<number>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let looping: Promise<void> | undefined;
  let wakeAgain = false;

  async function batch(now: number): Promise<number> {
    let succeeded = 0;
    let claimed = 0;
    const seen = new Set<string>();
    async function lane() {
      while (!stopped && claimed < batchSize) {
        const row = await options.claim(now, seen);
        if (!row) return;
        claimed++;
        seen.add(row.id);
        if (await options.handle(row, now)) succeeded++;
      }
    }
    await Promise.all(Array.from({ length: lanes }, lane));
    return succeeded;
  }

  function runOnce(now?: number): Promise<number> {
    const run = batch(now ?? clock());
    inFlight.add(run);
    const forget = () => inFlight.delete(run);
    run.then(forget, forget);
    return run;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(wake, delay);
    timer.unref();
  }

  function wake(): void {
    if (stopped) return;
    if (looping) {
      wakeAgain = true;
      return;
    }
    looping = (async () => {
      do {
        wakeAgain = false;
        try {
          // A full batch means there is probably more waiting.
          if ((await runOnce()) >= batchSize) wakeAgain = true;
        } catch (error) {
          logger.error({ err: error }, `${options.name} run failed`);
        }
      } while (wakeAgain && !stopped);
    })().finally(() => {
      looping = undefined;
      schedule(options.intervalMs);
    });
  }

  let unsubscribe = () => {};
  if (options.poll !== false) {
    unsubscribe = options.bus.subscribe((event) => {
      if (!options.wakesOn(event)) return;
      wake();
      if (options.recheckMs !== undefined) setTimeout(wake, options.recheckMs).unref();
    });
    // The backlog right away.
    schedule(0);
  }

  return {
    runOnce,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await looping;
      await Promise.allSettled([...inFlight]);
    },
  };
}
