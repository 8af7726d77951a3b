import { z } from "zod";
import { isValidKey } from "~/server/storage/file-store.server";
import packageJson from "../../../package.json";
import { decryptBytes, encryptBytes, ENCRYPTION_SCHEME, keyIdOf, UndecryptableFile } from "./encryption.server";

// manifest.json, the last thing a backup writes: what the entry holds, with the
// size and SHA-256 of every file, the database included. Its shape and app name tell our backups
// from anything else a restore might be pointed at. An encrypted backup's manifest.json is a sealed
// envelope (formatVersion 2, decision 0056): the manifest inside is encrypted and authenticated
// with the backup key, and every file is stored under an opaque object name it lists.

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
  /** Encrypted backups: where the file is stored in the entry (its path would name it). */
  object: z
    .string()
    .regex(/^objects\/[0-9a-f]{32}$/)
    .optional(),
});

export const manifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    /** 1: files stored as they are; 2: encrypted, each file under its `object` name. */
    formatVersion: z.union([z.literal(1), z.literal(2)]),
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
  })
  .refine((m) => m.files.every((f) => (f.object !== undefined) === (m.formatVersion === 2)), {
    message: "an encrypted backup stores every file under an object name, a plain one none",
    path: ["files"],
  });

/** What manifest.json holds when the backup is encrypted. */
const sealedSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(2),
  encryption: z.object({ scheme: z.literal(ENCRYPTION_SCHEME), keyId: z.string().regex(/^[0-9a-f]{16}$/) }),
  sealed: z.base64(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof entryFile>;

/** The keys a restore may use, and whether it takes an unencrypted backup when it has one. */
export interface ManifestKeys {
  keys: Buffer[];
  allowUnencrypted?: boolean;
}

const FOREIGN_KEY = "it was made with a different key (or was changed after it was made)";

/** manifest.json's text for `manifest`: sealed with `key`, or plain JSON without one. */
export function manifestText(manifest: Manifest, key: Buffer | null): string {
  const json = `${JSON.stringify(manifest, null, 2)}\n`;
  if (!key) return json;
  const sealed = encryptBytes(key, MANIFEST, Buffer.from(json, "utf8")).toString("base64");
  const envelope = { format: BACKUP_FORMAT, formatVersion: 2, encryption: { scheme: ENCRYPTION_SCHEME, keyId: keyIdOf(key) }, sealed };
  return `${JSON.stringify(envelope, null, 2)}\n`;
}

/** Why a manifest is not one of ours (or cannot be trusted), or the manifest and the key its files need. */
export function parseManifest(
  text: string,
  access: ManifestKeys = { keys: [] },
): { ok: true; manifest: Manifest; key: Buffer | null } | { ok: false; reason: string } {
  let json = parseJson(text);
  if (json === undefined) return { ok: false, reason: "its manifest.json is not valid JSON (corrupted)" };
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT)
    return {
      ok: false,
      reason: `not a backup of this app (manifest format ${JSON.stringify(format ?? null)}, expected "${BACKUP_FORMAT}")`,
    };
  let key: Buffer | null = null;
  if ((json as { formatVersion?: unknown }).formatVersion === 2) {
    const envelope = sealedSchema.safeParse(json);
    if (!envelope.success) return malformed(envelope.error);
    if (access.keys.length === 0) {
      return {
        ok: false,
        reason: "it is encrypted, and no key is set: set BACKUP_ENCRYPTION_KEY (or BACKUP_PREVIOUS_KEYS) to the key it was made with",
      };
    }
    key = access.keys.find((k) => keyIdOf(k) === envelope.data.encryption.keyId) ?? null;
    if (!key) return { ok: false, reason: FOREIGN_KEY };
    try {
      json = parseJson(decryptBytes(key, MANIFEST, Buffer.from(envelope.data.sealed, "base64")).toString("utf8"));
    } catch (error) {
      if (error instanceof UndecryptableFile) return { ok: false, reason: FOREIGN_KEY };
      throw error;
    }
    if ((json as { formatVersion?: unknown } | undefined)?.formatVersion !== 2)
      return { ok: false, reason: "its sealed manifest is not an encrypted backup's" };
  } else if (access.keys.length > 0 && !access.allowUnencrypted) {
    return {
      ok: false,
      reason:
        "it is not encrypted, though BACKUP_ENCRYPTION_KEY is set, so nothing shows it was not changed. If it was made before the key was set, check where it came from, then restore it with --allow-unencrypted",
    };
  }
  const result = manifestSchema.safeParse(json);
  if (!result.success) return malformed(result.error);
  if (result.data.app.name !== APP_NAME)
    return { ok: false, reason: `not a backup of this app (made by "${result.data.app.name}", this is "${APP_NAME}")` };
  return { ok: true, manifest: result.data, key };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function malformed(error: z.ZodError): { ok: false; reason: string } {
  const issue = error.issues[0]!;
  return { ok: false, reason: `its manifest.json is malformed (${issue.path.join(".") || "manifest"}: ${issue.message})` };
}
