// `npm run db:migrate`: applies pending migrations to DATABASE_URL (the server also does this at boot).
import "../app/server/admin-tool.server";
import { closeDb, currentDialect, migrateToLatest } from "../app/server/db/db.server";
import { getEnv } from "../app/server/env.server";

try {
  getEnv();
  await migrateToLatest();
  console.log(`Database is up to date (${currentDialect()}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
