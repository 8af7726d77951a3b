// `npm run test:e2e`: Playwright against the built server in Debian's Chromium (never a downloaded one).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(chromium)) {
  const bar = "!".repeat(78);
  console.log(
    [
      "",
      bar,
      "!!",
      `!!  E2E SKIPPED: Chromium not found at ${chromium}; install Debian's chromium package`,
      "!!  (sudo apt-get install chromium) or point CHROMIUM_PATH at a Chromium binary.",
      "!!  No browser tests (navigation, accessibility, headers) ran in this run.",
      "!!",
      bar,
      "",
    ].join("\n"),
  );
  process.exit(0);
}

if (!existsSync("build/server.js") || !existsSync("build/server/index.js")) {
  console.error("E2E: build/server.js is missing. Run `npm run build` first.");
  process.exit(1);
}

// Data and uploads of the server under test live in a throw-away directory.
const tmpDir = mkdtempSync(path.join(os.tmpdir(), "agency-site-e2e-"));

const child = spawn(process.platform === "win32" ? "npx.cmd" : "npx", ["--no-install", "playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    CHROMIUM_PATH: chromium,
    E2E_TMP_DIR: tmpDir,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
    DO_NOT_TRACK: "1",
  },
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}

child.on("exit", (code, signal) => {
  rmSync(tmpDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
