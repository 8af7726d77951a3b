// `npm start`: builds once when the build is missing (see docs/decisions/0002-build-on-first-start.md),
// then runs the production server.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

process.env.NODE_ENV ??= "production";
if (!existsSync("build/server.js") || !existsSync("build/server/index.js")) {
  console.log("No build found: building the app once (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(new URL("../build/server.js", import.meta.url).href);
