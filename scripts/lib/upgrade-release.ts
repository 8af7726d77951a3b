// The previous release for `npm run test:upgrade`: which ref it is, checked out into a temporary
// git worktree, with dependencies and a production build of its own.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface OldRelease {
  ref: string;
  commit: string;
  dir: string;
  /** How its node_modules came to be: hard links to ours, or an install. */
  modules: "hard-linked" | "installed" | "kept";
  /** Whether its migrator serves on a database a newer release migrated (decision 0064). */
  toleratesNewerDatabase: boolean;
  remove(): void;
}

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();

/**
 * UPGRADE_FROM (any ref), else the newest `v*` tag behind HEAD that is not HEAD itself, else the
 * newest release commit ("Release X.Y.Z…", what `npm version` commits) behind HEAD: a clone made
 * without tags (some CI checkouts) still tests the upgrade. Null when there is none yet.
 */
export function previousReleaseRef(): string | null {
  if (process.env.UPGRADE_FROM) return process.env.UPGRADE_FROM;
  const head = git("rev-parse", "HEAD");
  const tags = git("tag", "--list", "v*", "--sort=-v:refname", "--merged", "HEAD").split("\n").filter(Boolean);
  const tagged = tags.find((tag) => git("rev-parse", `${tag}^{commit}`) !== head);
  if (tagged) return tagged;
  const releases = git("log", "--format=%H", "-E", "--grep=^Release [0-9]+\\.[0-9]+\\.[0-9]+", "HEAD").split("\n").filter(Boolean);
  return releases.find((commit) => commit !== head) ?? null;
}

function run(command: string, args: string[], cwd: string, log: (line: string) => void): void {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ENV_FILE: "off" },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`.slice(-6000));
  log(`${command} ${args.join(" ")}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Checks `ref` out into a temporary worktree and builds it. Its node_modules are hard links to
 * ours when its package-lock.json is ours byte for byte (seconds, no disk), else `npm install`
 * there (the registry through npm, as CI installs). UPGRADE_KEEP=1 keeps the worktree and build
 * for the next run.
 */
export function prepareRelease(ref: string, log: (line: string) => void): OldRelease {
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  const dir = path.join(os.tmpdir(), `agency-upgrade-${commit.slice(0, 12)}`);
  const keep = process.env.UPGRADE_KEEP === "1";
  const remove = () => {
    if (keep) return log(`kept ${dir} (UPGRADE_KEEP=1)`);
    spawnSync("git", ["worktree", "remove", "--force", dir], { stdio: "ignore" });
    spawnSync("git", ["worktree", "prune"], { stdio: "ignore" });
  };
  const built = existsSync(path.join(dir, "build/server.js")) && existsSync(path.join(dir, "node_modules"));
  let modules: OldRelease["modules"] = "kept";
  if (!built) {
    if (existsSync(dir)) remove();
    git("worktree", "add", "--detach", dir, commit);
    const sameLock = readFileSync(path.join(dir, "package-lock.json"), "utf8") === readFileSync("package-lock.json", "utf8");
    if (sameLock) {
      run("cp", ["-al", path.resolve("node_modules"), path.join(dir, "node_modules")], dir, log);
      // Tool caches would be rewritten in place, through the links, into our own files.
      for (const cache of [".vite", ".cache"]) rmSync(path.join(dir, "node_modules", cache), { recursive: true, force: true });
      modules = "hard-linked";
    } else {
      log("its package-lock.json differs from ours: npm install there");
      run("npm", ["install", "--no-audit", "--no-fund"], dir, log);
      modules = "installed";
    }
    run("npm", ["run", "build"], dir, log);
  }
  // The release that made the migrator tolerate a newer database brought this file.
  const toleratesNewerDatabase = existsSync(path.join(dir, "app/server/db/newer-migrations.server.ts"));
  return { ref, commit, dir, modules, toleratesNewerDatabase, remove };
}
