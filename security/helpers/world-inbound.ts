import { createHash, randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { database } from "./database";
import type { ServerInfo } from "./server";

// A mail each client sent to their support request (decision 0096), as the inbound entry leaves it:
// the raw bytes in the store, the row routed to the request. Its original's page and raw download
// are the console's; the marker in its text must reach nobody but staff with Support.

export async function seedInboundMail(server: ServerInfo, complaintId: string, marker: string): Promise<string> {
  const id = randomUUID();
  const raw = [
    `From: Matrix Client <matrix-${id.slice(0, 8)}@example.com>`,
    "To: support@example.com",
    `Subject: Matrix mail ${id.slice(0, 8)}`,
    `Message-ID: <matrix-${id}@example.com>`,
    "Date: Mon, 30 Nov 2026 12:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `${marker} in the mail's own words.`,
    "",
  ].join("\r\n");
  const sha256 = createHash("sha256").update(raw).digest("hex");
  await mkdir(path.join(server.storageDir, "inbound"), { recursive: true });
  await writeFile(path.join(server.storageDir, "inbound", `${sha256}.eml`), raw);
  const now = Date.now();
  await database(server)
    .insertInto("inboundMessages")
    .values({
      id,
      receivedAt: now,
      rawKey: `inbound/${sha256}.eml`,
      sha256,
      size: Buffer.byteLength(raw),
      messageId: `<matrix-${id}@example.com>`,
      dedupeKey: `<matrix-${id}@example.com>`,
      fromAddress: `matrix-${id.slice(0, 8)}@example.com`,
      subject: `Matrix mail ${id.slice(0, 8)}`,
      status: "routed",
      reason: null,
      nextAttemptAt: now,
      routedKind: "reply",
      routedId: id,
      complaintId,
      authResults: null,
      refusedFiles: null,
      processedAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}
