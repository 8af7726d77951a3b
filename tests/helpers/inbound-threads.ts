import { db } from "~/server/db/db.server";
import { messageIdFor } from "~/server/mail/mailer.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { addStaffReply } from "~/server/models/support/complaints-staff.server";
import type { TestUser } from "./accounts";
import { memberScope } from "./companies";

/** A request of `member`'s that `staff` answered: the reply mail's Reply-To and Message-ID. */
export async function complaintReplyAddress(member: TestUser, staff: TestUser) {
  const complaint = await createComplaint(await memberScope(member), { subject: "Export fails", message: "The CSV export is empty." });
  await addStaffReply(
    { id: staff.id, email: staff.email, name: "Sana Support" },
    { complaintId: complaint.id, text: "Please clear the cache." },
  );
  const mail = await db()
    .selectFrom("mailOutbox")
    .select(["headers", "idempotencyKey"])
    .where("toAddress", "=", member.email)
    .orderBy("createdAt", "desc")
    .executeTakeFirstOrThrow();
  const replyTo = (JSON.parse(mail.headers ?? "{}") as Record<string, string>)["Reply-To"]!;
  return { complaint, replyTo, messageId: messageIdFor(mail.idempotencyKey, "Indigo Kite <no-reply@indigokite.dev>") };
}
