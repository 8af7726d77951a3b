import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { site } from "~/content/site";
import { dkimFromEnv, type DkimSettings } from "./env-dkim.server";
import { parseImapUrl } from "./env-imap.server";

export type { DkimSettings };

const optional = <T extends z.ZodType<string>>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const BACKUP_KEY_FORMAT =
  "must be 32 random bytes as base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32";

const METRICS_PORT_FORMAT = "must be a port number (1–65535)";

const hostname = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    // Read by the entries before this schema runs (env-file.server.ts); listed so it counts as ours.
    ENV_FILE: optional(z.string()),
    PORT: z.coerce.number({ error: "must be a port number (0–65535)" }).int().min(0).max(65535).default(3000),
    HOST: optional(z.string()),
    // The longest a request may take to arrive, body included (decision 0065): Node's own 5 minutes
    // cut off a 100 MB upload on a line slower than about 2.8 Mbit/s.
    REQUEST_TIMEOUT_MS: z.coerce
      .number({ error: "must be a number of milliseconds (10000 or more)" })
      .int()
      .min(10_000, "must be a number of milliseconds (10000 or more)")
      .default(3_600_000),
    APP_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://example.com" })),
    DATABASE_URL: optional(z.string().regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:PATH or postgres://…")),
    AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    // Unset: the domain saved at first-run setup, else the demo's (brand/company-domain.server.ts).
    COMPANY_DOMAIN: optional(z.string().regex(hostname, "must be a domain such as example.com")),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, "must be smtp://… or smtps://…")),
    // Unset: the sender name and address saved in the mail identity, else no-reply@ the company
    // domain (mail/config.server.ts `mailFrom`).
    MAIL_FROM: optional(z.string().min(3)),
    MAIL_SALES_TO: optional(z.email({ error: "must be an e-mail address" })),
    MAIL_HR_TO: optional(z.email({ error: "must be an e-mail address" })),
    // DKIM signing (decision 0065): all three or none, checked in parseEnv with the rest.
    DKIM_DOMAIN: optional(z.string().trim()),
    DKIM_SELECTOR: optional(z.string().trim()),
    DKIM_PRIVATE_KEY: optional(z.string()),
    DKIM_PRIVATE_KEY_FILE: optional(z.string().trim()),
    STORAGE_DIR: z.string().min(1).default("./data/uploads"),
    STORAGE_URL: optional(z.string().regex(/^s3:\/\/[a-z0-9.-]{3,63}(\/.*)?$/, "must be s3://bucket[/prefix]")),
    S3_ENDPOINT: optional(z.url()),
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
    // Project files. The per-file limit is enforced while the upload streams; the quota
    // counts every stored version of a project's files.
    FILE_MAX_BYTES: z.coerce.number({ error: "must be a number of bytes" }).int().min(1).default(104_857_600),
    PROJECT_QUOTA_BYTES: z.coerce.number({ error: "must be a number of bytes" }).int().min(1).default(5_368_709_120),
    // `npm run backup` and the scheduled backup (decision 0047).
    BACKUP_URL: z
      .string()
      .regex(/^(file:.+|s3:\/\/[a-z0-9.-]{3,63}(\/.*)?)$/, "must be file:PATH or s3://bucket[/prefix]")
      .default("file:./data/backups"),
    BACKUP_KEEP: z.coerce.number({ error: "must be a whole number of backups (1 or more)" }).int().min(1).default(7),
    BACKUP_SCHEDULE: optional(z.string().refine(isCronPattern, "must be a cron pattern such as 0 3 * * * (minute hour day month weekday)")),
    // Encrypts and signs backups (decision 0056); the previous keys only read older backups.
    BACKUP_ENCRYPTION_KEY: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
      z.string().transform(backupKey(BACKUP_KEY_FORMAT)).optional(),
    ),
    BACKUP_PREVIOUS_KEYS: z.preprocess(
      (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : v),
      z.array(z.string().transform(backupKey(`each must be ${BACKUP_KEY_FORMAT.slice("must be ".length)}`))).default([]),
    ),
    // The daily retention run (decision 0049); "off" leaves records where they are.
    RETENTION_SCHEDULE: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .trim()
        .refine(
          (v) => v === "off" || isCronPattern(v),
          'must be a cron pattern such as 30 3 * * * (minute hour day month weekday), or "off"',
        )
        .default("30 3 * * *"),
    ),
    // Payment reminders for open invoices, once a day in the agency's zone; "off" sends none.
    INVOICE_REMINDER_SCHEDULE: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .trim()
        .refine(
          (v) => v === "off" || isCronPattern(v),
          'must be a cron pattern such as 0 9 * * * (minute hour day month weekday), or "off"',
        )
        .default("0 9 * * *"),
    ),
    DEMO_CONTENT: z.enum(["on", "off"]).default("on"),
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_CLIENT_SECRET: optional(z.string()),
    GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
    REDIS_URL: optional(z.string().regex(/^rediss?:\/\/.+/, "must be redis://… or rediss://…")),
    REDIS_KEY_PREFIX: z.string().default("agency:"),
    TRUSTED_PROXIES: optional(z.string()),
    // Two-factor sign-in for staff (decision 0029): "required" sends staff without it to
    // enrolment before any console page; "optional" leaves it to each person, as for clients.
    STAFF_2FA: z.enum(["required", "optional"], { error: 'must be "required" or "optional"' }).default("required"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Live event streams (docs/security.md "Live updates"): open streams per visitor and per process.
    SSE_MAX_PER_IP: z.coerce.number().int().min(1).default(16),
    SSE_MAX_STREAMS: z.coerce.number().int().min(1).default(2_000),
    SSE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
    // The API (decision 0104): calls one token may make per minute, beyond which it gets 429.
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: "must be a whole number of calls" }).int().min(1).max(100_000).default(600),
    // Prometheus metrics (docs/metrics.md): off unless one of these is set. The token opens
    // /metrics on the site's port to `Authorization: Bearer <token>`; the port serves them on a
    // separate listener, without a token, on METRICS_HOST (loopback unless told otherwise).
    METRICS_TOKEN: optional(
      z.string().regex(/^[\x21-\x7e]{32,512}$/, "must be 32 to 512 visible ASCII characters; make one with: openssl rand -hex 32"),
    ),
    METRICS_PORT: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce
        .number({ error: METRICS_PORT_FORMAT })
        .int(METRICS_PORT_FORMAT)
        .min(1, METRICS_PORT_FORMAT)
        .max(65535, METRICS_PORT_FORMAT)
        .optional(),
    ),
    METRICS_HOST: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .refine((v) => isIP(v) !== 0 || v === "localhost", "must be an IP address such as 127.0.0.1 (or localhost)")
        .default("127.0.0.1"),
    ),
    // Online card payment with Stripe Checkout (decision 0084): on only when both are set.
    STRIPE_SECRET_KEY: optional(
      z
        .string()
        .regex(
          /^sk_(test|live)_[A-Za-z0-9]+$/,
          "must be a Stripe secret key (sk_test_… or sk_live_…), not a publishable (pk_) or restricted (rk_) one",
        ),
    ),
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_[A-Za-z0-9+/=_-]+$/, "must be the webhook endpoint's signing secret (whsec_…)"),
    ),
    // Inbound mail (decision 0096). The secret opens POST /api/inbound-mail to a provider that
    // forwards raw messages (`Authorization: Bearer <secret>`); unset, that entry answers 404.
    INBOUND_MAIL_SECRET: optional(
      z.string().regex(/^[\x21-\x7e]{32,512}$/, "must be 32 to 512 visible ASCII characters; make one with: openssl rand -hex 32"),
    ),
    // Where clients' replies go: mails about a support request carry Reply-To reply+TOKEN@ its domain.
    // The local part stays short, so the token fits the 64 characters of an address's local part.
    INBOUND_REPLY_ADDRESS: optional(
      z.email({ error: "must be an e-mail address such as reply@in.example.com" }).refine((v) => /^[^@+]{1,15}@/.test(v), {
        message: "must have a local part of 1 to 15 characters without '+' (reply@…): the token is added as +TOKEN",
      }),
    ),
    // The authserv-id of the Authentication-Results header to trust; default: INBOUND_REPLY_ADDRESS's domain.
    INBOUND_AUTHSERV_ID: optional(z.string().regex(/^[\x21-\x7e]{1,255}$/, "must be one word such as mx.example.com")),
    // A mailbox the app imports inbound mail from (decision 0100): imaps://user:password@host/INBOX.
    INBOUND_IMAP_URL: optional(
      z.string().superRefine((v, context) => {
        const parsed = parseImapUrl(v);
        if (typeof parsed === "string") context.addIssue({ code: "custom", message: parsed });
      }),
    ),
    // Webhooks (decision 0103): hosts a webhook may reach although they are private or loopback, and
    // by plain http: an internal receiver, or 127.0.0.1 for tests. Comma-separated names or IP literals.
    WEBHOOK_ALLOWED_HOSTS: optional(
      z
        .string()
        .refine(
          (v) =>
            v
              .split(",")
              .every(
                (h) =>
                  isIP(h.trim().replace(/^\[|\]$/g, "")) !== 0 ||
                  /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(h.trim()),
              ),
          "must be host names or IP addresses separated by commas, such as 127.0.0.1,hooks.internal",
        ),
    ),
    // Tests only: where the Stripe SDK sends its requests instead of api.stripe.com (a local stand-in).
    STRIPE_API_BASE: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:12111" })),
  })
  .refine((e) => !e.GOOGLE_CLIENT_ID === !e.GOOGLE_CLIENT_SECRET, {
    message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    path: ["GOOGLE_CLIENT_SECRET"],
  })
  .refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT, {
    message: "must differ from PORT: the metrics listener is a server of its own",
    path: ["METRICS_PORT"],
  })
  .refine((e) => !e.STRIPE_SECRET_KEY === !e.STRIPE_WEBHOOK_SECRET, {
    message: "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (online card payment needs both)",
    path: ["STRIPE_WEBHOOK_SECRET"],
  })
  .refine((e) => !(e.STRIPE_API_BASE && e.STRIPE_SECRET_KEY?.startsWith("sk_live_")), {
    message: "is for tests against a stand-in: it never receives a live key (sk_live_…); unset it",
    path: ["STRIPE_API_BASE"],
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both unset for the SDK's default credentials)",
    path: ["S3_SECRET_ACCESS_KEY"],
  });

/** A backup key: 32 bytes as base64 (44 characters) or hex (64 characters). */
function backupKey(message: string) {
  return (text: string, context: z.RefinementCtx): Buffer => {
    const bytes = /^[0-9a-f]{64}$/i.test(text)
      ? Buffer.from(text, "hex")
      : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
        ? Buffer.from(text, "base64")
        : Buffer.alloc(0);
    if (bytes.length !== 32) context.addIssue({ code: "custom", message });
    return bytes;
  };
}

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true, timezone: "UTC" }).stop();
    return true;
  } catch {
    return false;
  }
}

type Env = z.infer<typeof envSchema> & { APP_URL: string; AUTH_SECRET: string; DKIM: DkimSettings | undefined };

/** Every variable the app reads: the schema is the list, and .env.example documents each one. */
export const KNOWN_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export class EnvError extends Error {}

/**
 * An empty variable counts as unset, for every variable: `PORT=` means the default port, not port
 * 0 (any free port). The boot warning names the empty ones (env-check.server.ts).
 */
function withoutEmptyValues(source: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).filter(([name, value]) => !(KNOWN_VARIABLES.includes(name) && value?.trim() === "")));
}

/** Validates process.env; throws one readable message listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>, dataDir = "./data"): Env {
  const cleaned = withoutEmptyValues(source);
  const result = envSchema.safeParse(cleaned);
  const dkim = dkimFromEnv({ ...cleaned, MAIL_FROM: cleaned.MAIL_FROM || `no-reply@${cleaned.COMPANY_DOMAIN || site.domain}` });
  if (!result.success || dkim.issues.length > 0) {
    const lines = [
      ...(result.error?.issues ?? []).map((i) => `  - ${i.path.join(".") || "env"}: ${i.message}`),
      ...dkim.issues.map((i) => `  - ${i.variable}: ${i.message}`),
    ];
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    DKIM: dkim.settings,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    AUTH_SECRET: env.AUTH_SECRET ?? persistentSecret(dataDir),
  };
}

/** AUTH_SECRET unset: generate once and keep it under ./data so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another instance wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** An app path (from `~/lib/links`) as the absolute URL a mail needs: APP_URL has no trailing slash. */
export function absoluteUrl(path: string): string {
  return `${getEnv().APP_URL}${path}`;
}

/** Tests change process.env between suites; production reads it once. */
export function resetEnvForTests(): void {
  cached = undefined;
}
