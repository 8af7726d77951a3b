import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loader as rawLoader } from "~/routes/console/complaint-mail-raw";
import { loader as pageLoader } from "~/routes/console/complaint-mail";
import { db } from "~/server/db/db.server";
import { storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { NO_ORIGINAL, originalMail } from "~/server/models/inbound/inbound-original.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf, memberScope } from "../helpers/companies";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { answeredRequest, mailFixture } from "../helpers/inbound-mail";
import { refusalOf } from "../helpers/refusals";
import { call } from "../helpers/routes";

// The original of a mail a client sent to their request: the whole text as sent (the desk shows it
// stripped), for staff with Support, scoped to its request; the raw bytes as a download only.

const SECRET = "inbound-test-secret-0123456789abcdef0123456789";
const REPLY = "reply@in.example.com";

describe.each(testDatabases("inbound original"))("The original of an inbound mail on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: TestUser;
  let recruiter: TestUser;
  let asha: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_MAIL_SECRET: SECRET, INBOUND_REPLY_ADDRESS: REPLY }));
    staff = await signInStaff("sana@indigokite.dev", { name: "Sana Support" });
    recruiter = await signInStaff("rita@indigokite.dev", { name: "Rita Recruiter", staffRole: "recruiter" });
    asha = await signUp("asha@kite.example", "Asha Rao");
    await companyOf(asha);
  });
  afterAll(() => cleanup());

  test("Staff with Support read the whole text as sent, quote included, and download the raw bytes; another request's id finds nothing", async () => {
    const { complaint, replyTo } = await answeredRequest(asha, staff);
    const raw = mailFixture("gmail-reply.eml", { from: asha.email, to: replyTo });
    const { id } = await storeInbound(raw);
    await processInbound(id);
    const reply = await db()
      .selectFrom("complaintReplies")
      .select(["id", "text"])
      .where("complaintId", "=", complaint.id)
      .where("channel", "=", "email")
      .executeTakeFirstOrThrow();
    expect(reply.id).toBe(id);

    const original = await originalMail({ complaintId: complaint.id, messageId: id });
    expect(original.from).toBe(asha.email);
    expect(original.fullText).toContain(reply.text);
    expect(original.fullText.length).toBeGreaterThan(reply.text.length);
    expect(original.fullText).toMatch(/wrote:/);

    const other = await createComplaint(await memberScope(asha), { subject: "Another", message: "Something else." });
    expect(await refusalOf(originalMail({ complaintId: other.id, messageId: id }))).toMatchObject({
      kind: "not-found",
      message: NO_ORIGINAL,
    });

    const page = await call(pageLoader, `/employee-dashboard/support/${complaint.id}/mail/${id}`, {
      params: { id: complaint.id, messageId: id },
      cookie: staff.cookie,
    });
    expect(page.status).toBe(200);
    const download = await call(rawLoader, `/employee-dashboard/support/${complaint.id}/mail/${id}/raw`, {
      params: { id: complaint.id, messageId: id },
      cookie: staff.cookie,
    });
    expect(download.status).toBe(200);
    expect(download.response!.headers.get("content-type")).toBe("message/rfc822");
    expect(download.response!.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(Buffer.from(await download.response!.arrayBuffer())).toEqual(raw);
    const elsewhere = await call(rawLoader, `/employee-dashboard/support/${other.id}/mail/${id}/raw`, {
      params: { id: other.id, messageId: id },
      cookie: staff.cookie,
    });
    expect(elsewhere.status).toBe(404);
    // Recruiters have no Support: refused before anything is read.
    const refused = await call(rawLoader, `/employee-dashboard/support/${complaint.id}/mail/${id}/raw`, {
      params: { id: complaint.id, messageId: id },
      cookie: recruiter.cookie,
    });
    expect(refused.status).toBe(403);
  });
});
