// Starts the built production server on a free port for scripts (size, e2e helpers) and stops it.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export async function startBuiltServer(extraEnv = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server.js"], {
    // Measured as built, whatever a developer's .env in this directory says (decision 0063).
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ENV_FILE: "off", ...extraEnv },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/robots.txt`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start within 20 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
