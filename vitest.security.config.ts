import { defineConfig } from "vitest/config";
import SecurityTable from "./security/reporter";

// `npm run test:security`: the security suites against the built server. Files run one
// after another: they share one seeded server per database, and the machine has two cores.
export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  test: {
    include: ["security/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    globalSetup: ["security/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ["default", new SecurityTable()],
    // The servers and tools the suites start never read a developer's .env (decision 0063).
    env: { LOG_LEVEL: "silent", ENV_FILE: "off" },
  },
});
