// `npm run restore -- <entry>`: an entry name under BACKUP_URL, a path to an entry folder, or an
// s3://bucket/prefix/backup-… URL. Refuses while an app runs on the database, refuses a corrupted
// or foreign backup (every SHA-256 is checked first), then restores the stored files and the
// database into DATABASE_URL and the configured storage, and migrates (decision 0047).
// An encrypted backup is opened with BACKUP_ENCRYPTION_KEY or one of BACKUP_PREVIOUS_KEYS; with a
// key set, an unencrypted backup needs --allow-unencrypted (decision 0056).
// Exit codes: 0 restored; 1 failed midway (run it again: the backup is untouched); 2 refused.
import "../app/server/admin-tool.server";
import { destinationFor, locateEntry } from "../app/server/backup/config.server";
import { MissingPostgresTool } from "../app/server/backup/postgres-tools.server";
import { RestoreRefused, runRestore } from "../app/server/backup/restore.server";
import { getEnv } from "../app/server/env.server";
import { fileStore } from "../app/server/storage/storage.server";

async function main(argv: string[]): Promise<number> {
  const env = getEnv();
  const argument = argv.find((a) => !a.startsWith("--"));
  const allowUnencrypted = argv.includes("--allow-unencrypted");
  if (!argument) {
    const destination = await destinationFor(env.BACKUP_URL);
    const names = await destination.list();
    console.error(
      `Usage: npm run restore -- <backup name | path | s3:// URL> [--allow-unencrypted]\nBackups at ${destination.url}:\n${names.map((n) => `  ${n}`).join("\n") || "  (none)"}`,
    );
    return 2;
  }
  const { destination, name } = await locateEntry(argument);
  console.log(`Restoring ${name} from ${destination.url} ...`);
  try {
    const result = await runRestore({ destination, name, databaseUrl: env.DATABASE_URL, store: fileStore(), allowUnencrypted });
    const checked = result.encrypted ? "decrypted with the backup key, every SHA-256 matched" : "every SHA-256 matched";
    console.log(
      `Restored ${name} (app ${result.manifest.app.version}, ${result.manifest.createdAt}): ${checked}; the database and ${result.files} file(s) (${result.written} written, ${result.files - result.written} already there), ${result.bytes} bytes, in ${result.ms} ms; migrated to the latest schema.`,
    );
    if (!result.encrypted)
      console.log(
        "It was not encrypted: its checksums catch damage, not a deliberate change. Set BACKUP_ENCRYPTION_KEY to encrypt and sign new backups (docs/deploy.md).",
      );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return error instanceof RestoreRefused || error instanceof MissingPostgresTool ? 2 : 1;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? `Error: ${error.message}` : error);
  process.exitCode = 2;
}
