// `npm run backup`: one consistent backup (database, stored files, manifest with SHA-256 sums) into
// BACKUP_URL, keeping the newest BACKUP_KEEP (decision 0047), encrypted with
// BACKUP_ENCRYPTION_KEY when it is set (decision 0056). `npm run backup -- --list` lists the
// complete backups there.
// Exit codes: 0 written; 1 failed (nothing that looks complete is left); 2 refused (another backup
// running, pg_dump missing, bad usage).
import "../app/server/admin-tool.server";
import { parseArgs } from "node:util";
import { BackupBusy, runBackup } from "../app/server/backup/backup.server";
import { destinationFor } from "../app/server/backup/config.server";
import { MissingPostgresTool } from "../app/server/backup/postgres-tools.server";
import { closeDb } from "../app/server/db/db.server";
import { getEnv } from "../app/server/env.server";

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { list: { type: "boolean" } } });
  const env = getEnv();
  const destination = await destinationFor(env.BACKUP_URL);
  if (values.list) {
    const names = await destination.list();
    console.log(names.length ? names.join("\n") : `No backups at ${destination.url}.`);
    return 0;
  }
  console.log(`Backing up to ${destination.url} ...`);
  try {
    const result = await runBackup({ destination, keep: env.BACKUP_KEEP });
    if (!result) return 1;
    if (result.removedIncomplete.length)
      console.log(`Removed ${result.removedIncomplete.length} interrupted backup(s): ${result.removedIncomplete.join(", ")}`);
    console.log(
      `Wrote ${result.name}: the database and ${result.files} file(s), ${result.bytes} bytes, in ${result.ms} ms (snapshot at ${result.snapshotAt.toISOString()}).`,
    );
    console.log(
      result.encrypted
        ? "Encrypted with BACKUP_ENCRYPTION_KEY: restoring it needs that key."
        : "Not encrypted: set BACKUP_ENCRYPTION_KEY to encrypt and seal backups (docs/deploy.md).",
    );
    if (result.pruned.length)
      console.log(`Removed ${result.pruned.length} older backup(s) beyond BACKUP_KEEP=${env.BACKUP_KEEP}: ${result.pruned.join(", ")}`);
    console.log(`Restore it with: npm run restore -- ${result.name}`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return error instanceof BackupBusy || error instanceof MissingPostgresTool ? 2 : 1;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? `Error: ${error.message}` : error);
  process.exitCode = 2;
} finally {
  await closeDb();
}
