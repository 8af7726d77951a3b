import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    // Existing suites sign staff in with a password alone; two-factor tests set STAFF_2FA=required.
    env: { LOG_LEVEL: "error", STAFF_2FA: "optional" },
  },
});
