import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { database } from "./database";
import type { ServerInfo } from "./server";

/**
 * The text of the latest mail to `to`, as delivered: the server under test writes each mail to
 * `data/mail/{createdAt}-{id}.eml` in its working directory (SMTP_URL unset), and the outbox row
 * keeps no body once it is sent. Quoted-printable is decoded.
 */
export async function deliveredMail(server: ServerInfo, to: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(path.dirname(server.storageDir), "data", "mail");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await database(server)
      .selectFrom("mailOutbox")
      .select(["id", "createdAt"])
      .where("toAddress", "=", to)
      .orderBy("createdAt", "desc")
      .executeTakeFirst();
    const file = row && path.join(dir, `${row.createdAt}-${row.id}.eml`);
    if (file && existsSync(file)) return decodeQuotedPrintable(readFileSync(file, "utf8"));
    if (Date.now() > deadline) throw new Error(`no delivered mail to ${to} under ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === "=" ? /^[0-9A-F]{2}$/.exec(soft.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}
