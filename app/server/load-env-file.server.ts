// Imported first by every entry (server.ts; the admin tools through admin-tool.server.ts): ES
// modules run their imports in order, so the `.env` values are in process.env before any later
// import reads it (the logger takes LOG_LEVEL as it loads). Nothing else imports this module;
// tests never do (decision 0063).
import { EnvFileError, loadEnvFile, type EnvFile } from "./env-file.server";

function loadOrExit(): EnvFile | null {
  try {
    return loadEnvFile();
  } catch (error) {
    if (!(error instanceof EnvFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** What was read, for the server's first log lines. */
export const envFile = loadOrExit();
