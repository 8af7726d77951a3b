import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

// The `.env` file of the working directory, read by the entries (server, admin tools, dev server)
// and never by getEnv: a test that reads the configuration must not pick up a developer's file
// (decision 0063). Node's own parser, the one behind --env-file and process.loadEnvFile.

export interface EnvFile {
  path: string;
  /** Names taken from the file. */
  applied: string[];
  /** Names the file also sets, left as the environment has them: the environment wins. */
  kept: string[];
}

export class EnvFileError extends Error {}

/**
 * Reads ENV_FILE (a path; unset: `.env` in `cwd` when present; `off`: none) into `env`, without
 * replacing any variable the environment already has, even an empty one. Null when nothing was read.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): EnvFile | null {
  const setting = env.ENV_FILE?.trim();
  if (setting === "off") return null;
  const file = path.resolve(cwd, setting || ".env");
  if (!existsSync(file)) {
    if (!setting) return null;
    throw new EnvFileError(`ENV_FILE=${setting}: no such file (${file}). Point it at the file, or set ENV_FILE=off.`);
  }
  let values: Record<string, string>;
  try {
    values = parseEnv(readFileSync(file, "utf8")) as Record<string, string>;
  } catch (error) {
    throw new EnvFileError(`Could not read ${file}: ${(error as Error).message}`);
  }
  const applied: string[] = [];
  const kept: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (env[name] === undefined) {
      env[name] = value;
      applied.push(name);
    } else kept.push(name);
  }
  return { path: file, applied, kept };
}
