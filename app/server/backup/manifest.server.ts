import { z } from "zod";
import { isValidKey } from "~/server/storage/file-store.server";
import packageJson from "../../../package.json";

// manifest.json, the last thing a backup writes (issue 19 part 5): what the entry holds, with the
// size and SHA-256 of every file, the database included. Its shape and app name tell our backups
// from anything else a restore might be pointed at.

export const MANIFEST = "manifest.json";
export const BACKUP_FORMAT = "agency-site-backup";
export const APP_NAME = packageJson.name;
export const APP_VERSION = packageJson.version;

const entryFile = z.object({
  path: z.string().refine(isValidKey, "not a safe relative path"),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** A stored file's content type, as the store reported it (S3 serves it back). */
  contentType: z.string().max(200).optional(),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.iso.datetime(),
  /** The last migration applied to the database when it was copied. */
  migration: z.string().nullable(),
  database: z.object({
    dialect: z.enum(["sqlite", "postgres"]),
    /** The entry's path of the database copy (SQLite file or pg_dump custom-format archive). */
    path: z.string(),
    /** PostgreSQL: the schema that was dumped. */
    schema: z.string().optional(),
  }),
  files: z.array(entryFile),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof entryFile>;

/** Why a manifest is not one of ours, or the manifest. */
export function parseManifest(text: string): { ok: true; manifest: Manifest } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "its manifest.json is not valid JSON (corrupted)" };
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) return { ok: false, reason: `not a backup of this app (manifest format ${JSON.stringify(format ?? null)}, expected "${BACKUP_FORMAT}")` };
  const result = manifestSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { ok: false, reason: `its manifest.json is malformed (${issue.path.join(".") || "manifest"}: ${issue.message})` };
  }
  if (result.data.app.name !== APP_NAME) return { ok: false, reason: `not a backup of this app (made by "${result.data.app.name}", this is "${APP_NAME}")` };
  return { ok: true, manifest: result.data };
}
