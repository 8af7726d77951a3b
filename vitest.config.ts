import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    // Existing suites sign staff in with a password alone; two-factor tests set STAFF_2FA=required.
    // The tools and servers the tests start never read a developer's .env (decision 0063).
    env: { LOG_LEVEL: "error", STAFF_2FA: "optional", ENV_FILE: "off" },
    // Vitest's default (one CPU left free) runs the files one at a time on a 2-CPU machine, yet
    // most of their time is spent waiting on servers, PostgreSQL and timers. Two files at a time
    // are safe: each has its own SQLite file, PostgreSQL schema (with its own event channel:
    // decision 0114), Redis key prefix and loopback ports. About 40% less time on CI's 2 CPUs.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
