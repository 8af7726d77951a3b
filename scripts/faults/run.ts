// `npm run test:faults [-- load kill issue smtp postgres attachments]`: load and fault injection against the built
// server (run `npm run build` first), loopback only, ports 4370–4389. Prints one table (category,
// tried, passed) and exits non-zero on any failure. Every process it starts is stopped.
import { existsSync } from "node:fs";
import { attachmentsSuite } from "./attachments";
import { issueSuite } from "./issue";
import { killSuite } from "./kill";
import { loadSuite } from "./load";
import { cleanupAll, log } from "./lib/processes";
import { failed, printTable, type Outcome } from "./lib/report";
import { postgresSuite } from "./postgres";
import { smtpSuite } from "./smtp";

const TIME_LIMIT_MS = 8 * 60_000;
const suites: Record<string, () => Promise<Outcome[]>> = {
  load: loadSuite,
  kill: killSuite,
  issue: issueSuite,
  smtp: smtpSuite,
  postgres: postgresSuite,
  attachments: attachmentsSuite,
};

if (!existsSync("build/server.js") || !existsSync("build/server/index.js")) {
  console.error("test:faults: no build found. Run `npm run build` first; this suite builds nothing.");
  process.exit(1);
}
const chosen = process.argv.slice(2).filter((name) => name !== "--");
for (const name of chosen) if (!suites[name]) throw new Error(`unknown suite "${name}" (${Object.keys(suites).join(", ")})`);

let stopping = false;
async function stopEverything(code: number): Promise<void> {
  stopping = true;
  await cleanupAll();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stopEverything(130));
process.on("uncaughtException", (error) => {
  console.error("test:faults crashed:", error);
  void stopEverything(1);
});
setTimeout(() => {
  console.error(`test:faults: over the ${TIME_LIMIT_MS / 60_000} min limit; stopping everything.`);
  void stopEverything(1);
}, TIME_LIMIT_MS).unref();

const began = performance.now();
const outcomes: Outcome[] = [];
for (const name of chosen.length ? chosen : Object.keys(suites)) {
  if (stopping) break;
  try {
    outcomes.push(...(await suites[name]!()));
  } catch (error) {
    log(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    outcomes.push({ category: `${name}: suite crashed`, tried: 1, passed: 0, failures: [String(error)] });
  }
  await cleanupAll();
}
if (!stopping) {
  printTable(outcomes, (performance.now() - began) / 1000);
  await stopEverything(failed(outcomes) ? 1 : 0);
}
