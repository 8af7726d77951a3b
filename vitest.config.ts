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
  },
});
