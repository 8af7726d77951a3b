import { resetEnvForTests } from "~/server/env.server";

/**
 * Sets environment variables and has the app read its configuration again (env.server.ts caches
 * it); returns a function that puts back what was there, so one suite's settings never leak into
 * the next file run in the same worker.
 */
export function setEnv(env: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  resetEnvForTests();
  return () => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
  };
}

/** Runs `run` with these environment variables, then restores the previous ones. */
export async function withEnv<T>(env: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const restore = setEnv(env);
  try {
    return await run();
  } finally {
    restore();
  }
}
