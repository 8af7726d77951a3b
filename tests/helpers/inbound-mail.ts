import { readFileSync } from "node:fs";
import path from "node:path";
import { db } from "~/server/db/db.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { addStaffReply } from "~/server/models/support/complaints-staff.server";
import type { TestUser } from "./accounts";
import { memberScope } from "./companies";

/** A mail fixture of tests/fixtures/mail/ with its placeholders filled, as raw bytes. */
export function mailFixture(name: string, fill: { from?: string; to?: string; inReplyTo?: string; id?: string } = {}): Buffer {
  const text = readFileSync(path.join(import.meta.dirname, "../fixtures/mail", name), "utf8")
    .replaceAll("{{FROM}}", fill.from ?? "asha@kite.example")
    .replaceAll("{{TO}}", fill.to ?? "support@indigokite.dev")
    .replaceAll("{{IN_REPLY_TO}}", fill.inReplyTo ?? "<none@example.com>")
    .replaceAll("{{ID}}", fill.id ?? crypto.randomUUID());
  return Buffer.from(text.replace(/\r?\n/g, "\r\n"));
}

/**
 * A support request of `client`'s that `staff` answered: the Reply-To (reply+TOKEN@) the client's
 * mail carried, for a reply to thread by.
 */
export async function answeredRequest(client: TestUser, staff: TestUser) {
  const complaint = await createComplaint(await memberScope(client), { subject: "Export fails", message: "The CSV export is empty." });
  await addStaffReply(
    { id: staff.id, email: staff.email, name: "Sana Support" },
    { complaintId: complaint.id, text: "Please clear the cache." },
  );
  const mail = await db().selectFrom("mailOutbox").select(["headers"]).where("toAddress", "=", client.email).executeTakeFirstOrThrow();
  const replyTo = (JSON.parse(mail.headers ?? "{}") as Record<string, string>)["Reply-To"]!;
  return { complaint, replyTo };
}
