import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loader as downloadResume } from "~/routes/console/application-resume";
import { action as applySubmit } from "~/routes/resources/apply-submit";
import { action as deleteAccount } from "~/routes/portal/settings-delete-account";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { db } from "~/server/db/db.server";
import { auth } from "~/server/auth/auth.server";
import { createOpening, setOpeningStatus } from "~/server/models/pipeline/openings.server";
import { issueFormToken } from "~/server/defence/spam-defence.server";
import { clearTables, useAppDatabase } from "../helpers/databases";
import { signInStaff, signUp } from "../helpers/accounts";
import { buildRequest } from "../helpers/routes";
import { testSetups } from "../helpers/storages";
import { docx, elf, pdf } from "../fixtures/make-files";

interface Outcome {
  status: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

async function apply(
  jobId: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
  origin = "http://localhost",
  cookie?: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("resume", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const request = new Request(`http://localhost/apply/${jobId}/submit`, {
    method: "POST",
    body: form,
    headers: { Origin: origin, Host: "localhost", ...(cookie ? { Cookie: cookie } : {}) },
  });
  const response = (await applySubmit({ request, params: { id: jobId }, context: { clientIp: "203.0.113.9" } } as never)) as Response;
  return { httpStatus: response.status, body: (await response.json()) as Outcome };
}

const candidate = (overrides: Record<string, string> = {}) => ({
  name: "Ravi Kumar",
  email: `ravi${Math.random().toString(36).slice(2)}@example.com`,
  message: "I would love to join.",
  formToken: issueFormToken(Date.now() - 5_000),
  website: "",
  consent: CURRENT_CONSENT_VERSION,
  ...overrides,
});

describe.each(testSetups("apply action"))("Job applications on $name", ({ database, storage }) => {
  let cleanup: () => Promise<void>;
  let jobId = "";
  let filesBefore: string[] = [];
  const newFiles = async () => (await storage.files()).filter((f) => !filesBefore.includes(f));
  beforeAll(async () => {
    // The operator's HR inbox: without one, the notice is not mailed (tests/pipeline/notice-inboxes.test.ts).
    ({ cleanup } = await useAppDatabase(database, { ...(await storage.setup()), MAIL_HR_TO: "hr@agency.example" }));
  });
  afterAll(async () => {
    await cleanup();
    await storage.teardown();
  });
  beforeEach(async () => {
    await clearTables("jobApplications", "mailOutbox");
    const opening = await createOpening(null, {
      title: "Backend Engineer",
      location: "Pune",
      type: "Full-time",
      description: "Build APIs.",
      salary: "₹20 LPA",
      requirements: ["Node.js"],
    });
    jobId = opening.id;
    filesBefore = await storage.files();
  });

  test("A guest can apply without a resume", async () => {
    const result = await apply(jobId, candidate());
    expect(result.httpStatus).toBe(200);
    expect(result.body).toMatchObject({ status: "success", message: "Application submitted successfully!" });
    const rows = await db().selectFrom("jobApplications").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ravi Kumar", jobId, resume: "", appliedBy: null, message: "I would love to join." });
    const mails = await db().selectFrom("mailOutbox").select("toAddress").execute();
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.toAddress)).toContain("hr@agency.example");
  });

  test("A guest's PDF resume is kept privately under resumes/guest_{timestamp}_{name}", async () => {
    const bytes = pdf();
    const result = await apply(jobId, candidate(), { bytes, name: "My CV.pdf", type: "application/pdf" });
    expect(result.body.status).toBe("success");
    const row = await db().selectFrom("jobApplications").selectAll().executeTakeFirstOrThrow();
    expect(row.resume).toMatch(/^resumes\/guest_\d{13}_My CV\.pdf$/);
    expect(row.resumeType).toBe("pdf");
    expect(await storage.bytes(row.resume)).toEqual(bytes);
  });

  test("A DOCX resume is accepted", async () => {
    const result = await apply(jobId, candidate(), {
      bytes: docx(),
      name: "cv.docx",
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    expect(result.body.status).toBe("success");
  });

  test("A renamed executable is refused with the spec's message and nothing is stored", async () => {
    const result = await apply(jobId, candidate(), { bytes: elf(), name: "cv.pdf", type: "application/pdf" });
    expect(result.httpStatus).toBe(415);
    expect(result.body.message).toBe("Only PDF or Word documents are allowed.");
    expect(await db().selectFrom("jobApplications").selectAll().execute()).toHaveLength(0);
    expect(await newFiles()).toEqual([]);
  });

  test("A resume over 10 MB is refused with the spec's message and nothing is stored", async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(10_485_761)]);
    const result = await apply(jobId, candidate(), { bytes: big, name: "big.pdf", type: "application/pdf" });
    expect(result.httpStatus).toBe(413);
    expect(result.body.message).toBe("File size must be less than 10 MB.");
    expect(await db().selectFrom("jobApplications").selectAll().execute()).toHaveLength(0);
    expect(await newFiles()).toEqual([]);
  });

  test("An application without an e-mail is refused with a field error and its resume is not kept", async () => {
    const result = await apply(jobId, candidate({ email: "" }), { bytes: pdf(), name: "cv.pdf", type: "application/pdf" });
    expect(result.httpStatus).toBe(400);
    expect(result.body.fieldErrors?.email).toEqual(["Email is required."]);
    expect(await db().selectFrom("jobApplications").selectAll().execute()).toHaveLength(0);
    expect(await newFiles()).toEqual([]);
  });

  test("Nobody can apply to a closed or unknown opening", async () => {
    await setOpeningStatus(null, jobId, "closed");
    expect((await apply(jobId, candidate())).httpStatus).toBe(410);
    expect((await apply("no-such-job", candidate())).httpStatus).toBe(404);
    expect(await db().selectFrom("jobApplications").selectAll().execute()).toHaveLength(0);
  });

  test("A cross-site post is refused and stores nothing", async () => {
    const result = await apply(jobId, candidate(), undefined, "https://evil.example");
    expect(result.httpStatus).toBe(403);
    expect(await db().selectFrom("jobApplications").selectAll().execute()).toHaveLength(0);
  });

  test("A bot that fills the honeypot is told it worked but nothing is stored", async () => {
    const result = await apply(jobId, candidate({ website: "x" }), { bytes: pdf(), name: "cv.pdf", type: "application/pdf" });
    expect(result.body.status).toBe("success");
    expect(await db().selectFrom("jobApplications").selectAll().execute()).toHaveLength(0);
    expect(await newFiles()).toEqual([]);
  });

  test("A signed-in client's application records their user id and files the resume under it", async () => {
    const { headers, response } = await (
      await auth()
    ).api.signUpEmail({
      body: { email: `applicant${Date.now()}@example.com`, password: "a-long-password", name: "Applicant" },
      returnHeaders: true,
    });
    const cookie = (headers.get("set-cookie") ?? "").split(";")[0];
    const result = await apply(jobId, candidate(), { bytes: pdf(), name: "cv.pdf", type: "application/pdf" }, "http://localhost", cookie);
    expect(result.body.status).toBe("success");
    const row = await db().selectFrom("jobApplications").selectAll().executeTakeFirstOrThrow();
    expect(row.appliedBy).toBe(response.user.id);
    expect(row.resume.startsWith(`resumes/${response.user.id}_`)).toBe(true);
  });

  test("When the application row cannot be written, its stored resume is removed again", async () => {
    await sql`alter table mail_outbox rename to mail_outbox_off`.execute(db());
    try {
      const result = await apply(jobId, candidate(), { bytes: pdf(), name: "cv.pdf", type: "application/pdf" });
      expect(result.httpStatus).toBe(500);
    } finally {
      await sql`alter table mail_outbox_off rename to mail_outbox`.execute(db());
    }
    expect(await db().selectFrom("jobApplications").selectAll().execute()).toHaveLength(0);
    expect(await newFiles()).toEqual([]);
  });

  test("A client's resume goes from the apply form to the staff download, and is deleted with the account", async () => {
    const client = await signUp(`leaver${Date.now()}@example.com`, "Leaver");
    // Padded inside the file (a comment before a final trailer), as a real scanned CV is large.
    const bytes = Buffer.concat([pdf(), Buffer.alloc(300_000, 0x25), Buffer.from("\n%%EOF\n")]);
    const result = await apply(jobId, candidate(), { bytes, name: "cv.pdf", type: "application/pdf" }, "http://localhost", client.cookie);
    expect(result.body.status).toBe("success");
    const row = await db().selectFrom("jobApplications").selectAll().where("appliedBy", "=", client.id).executeTakeFirstOrThrow();
    expect(await newFiles()).toEqual([row.resume]);

    const staff = await signInStaff("hr@indigokite.dev", { name: "HR", password: "staff-password-123" });
    const request = buildRequest(`http://localhost/employee-dashboard/applications/${row.id}/resume`, { cookie: staff.cookie });
    const download = (await downloadResume({ request, params: { id: row.id }, context: {} } as never)) as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("content-length")).toBe(String(bytes.length));
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const deletion = buildRequest("http://localhost/settings/delete-account", {
      form: { intent: "delete-account" },
      cookie: client.cookie,
      headers: { Origin: "http://localhost", Host: "localhost" },
    });
    const deleted = await deleteAccount({ request: deletion, params: {}, context: { clientIp: "192.0.2.1" } } as never).catch(
      (r: unknown) => r,
    );
    expect((deleted as Response).headers.get("location")).toBe("/?notice=deleted");
    expect(await db().selectFrom("jobApplications").selectAll().execute()).toHaveLength(0);
    expect(await newFiles()).toEqual([]);
  });
});
