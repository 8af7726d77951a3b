import { logger } from "~/server/logger.server";
import { recordJobRun } from "~/server/metrics.server";
import { processDueInbound, processInbound } from "./inbound-routing.server";

// Decision 0096: stored messages are processed right after the entry answers 202, and by this
// sweep at start (what a crash left stored) and every minute (failures due again). No lease: each
// message is claimed by one conditional update, so several instances never process one twice.

const MINUTE = 60_000;

/** After the 202: this process tries at once; the sweep picks up whatever it could not. */
export function processSoon(id: string): void {
  setImmediate(() => {
    processInbound(id).catch((error: unknown) => logger.error({ err: error, inbound: id }, "inbound mail processing failed"));
  });
}

export function startInboundSweep(every = MINUTE): { stop(): void } {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    processDueInbound()
      .then(
        () => recordJobRun("inbound-mail", "success"),
        (error: unknown) => {
          recordJobRun("inbound-mail", "failure");
          logger.error({ err: error }, "inbound mail sweep failed");
        },
      )
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, every);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
