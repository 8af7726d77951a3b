import { randomUUID } from "node:crypto";
import { database } from "./database";
import type { ServerInfo } from "./server";

// The matrix's webhook endpoint (decision 0103): disabled, at an address that never resolves, and
// with no delivery left after a cell, so the delivery worker has nothing to send while the matrix
// compares rows. Endpoints and chat alerts a cell adds are removed after it.

export const MATRIX_ENDPOINT_ID = "00000000-0000-4000-8000-00000000b103";
const URL = "https://hooks.matrix.invalid/in";

const bool = (server: ServerInfo, value: boolean) => (server.databaseUrl.startsWith("file:") ? Number(value) : value);

/** Only the matrix endpoint, as seeded (disabled, one event), and no events or deliveries. */
export async function webhooksAsSeeded(server: ServerInfo): Promise<void> {
  const db = database(server);
  await db.deleteFrom("webhookDeliveries").execute();
  await db.deleteFrom("webhookEvents").execute();
  await db.deleteFrom("webhookEndpoints").execute();
  const now = Date.now();
  await db
    .insertInto("webhookEndpoints")
    .values({
      id: MATRIX_ENDPOINT_ID,
      kind: "webhook",
      chatAlert: null,
      url: URL,
      description: "Matrix endpoint",
      events: JSON.stringify(["invoice.paid"]),
      secret: `whsec_${Buffer.alloc(32, 3).toString("base64")}`,
      enabled: bool(server, false) as never,
      disabledReason: "Disabled by an admin.",
      failingSince: null,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

/** A delivery of the matrix endpoint that failed for good, for "Redeliver". */
export async function failedDelivery(server: ServerInfo): Promise<string> {
  const db = database(server);
  const now = Date.now();
  const eventId = `msg_${randomUUID().replace(/-/g, "")}`;
  const id = randomUUID();
  await db.insertInto("webhookEvents").values({ id: eventId, type: "invoice.paid", payload: "{}", createdAt: now }).execute();
  await db
    .insertInto("webhookDeliveries")
    .values({
      id,
      eventId,
      endpointId: MATRIX_ENDPOINT_ID,
      status: "failed",
      attempts: 3,
      nextAttemptAt: now,
      lockedUntil: 0,
      responseStatus: 500,
      responseBody: "down",
      durationMs: 12,
      lastError: "HTTP 500",
      firstAttemptAt: now,
      createdAt: now,
      updatedAt: now,
      deliveredAt: null,
    })
    .execute();
  return id;
}
