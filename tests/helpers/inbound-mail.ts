import { readFileSync } from "node:fs";
import path from "node:path";

/** A mail fixture of tests/fixtures/mail/ with its placeholders filled, as raw bytes. */
export function mailFixture(name: string, fill: { from?: string; to?: string; inReplyTo?: string; id?: string } = {}): Buffer {
  const text = readFileSync(path.join(import.meta.dirname, "../fixtures/mail", name), "utf8")
    .replaceAll("{{FROM}}", fill.from ?? "asha@kite.example")
    .replaceAll("{{TO}}", fill.to ?? "support@indigokite.dev")
    .replaceAll("{{IN_REPLY_TO}}", fill.inReplyTo ?? "<none@example.com>")
    .replaceAll("{{ID}}", fill.id ?? crypto.randomUUID());
  return Buffer.from(text.replace(/\r?\n/g, "\r\n"));
}
