import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { newId } from "~/lib/ids";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { db } from "~/server/db/db.server";
import { fileStore } from "~/server/storage/storage.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { createStaffProject } from "~/server/models/projects/projects-staff.server";
import { addMilestone } from "~/server/models/projects/milestones.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { addStaffReply } from "~/server/models/support/complaints-staff.server";
import { signInStaff, signUp } from "./accounts";
import { companyOf } from "./companies";

// One of every record the API shows, made through the app's own models where they exist: a staff
// admin, a client member and their company, a project with a milestone, a support request with a
// staff reply, a lead, and an application with a stored resume.

export const RESUME_BYTES = Buffer.from("%PDF-1.7\nresume\n%%EOF\n");

export async function seedApiWorld(tag = randomUUID().slice(0, 8)) {
  const admin = await signInStaff(`api-admin-${tag}@indigokite.dev`, { name: "Api Admin" });
  const staffActor = { id: admin.id, email: admin.email, name: "Api Admin" };
  const member = await signUp(`member-${tag}@client.example`, "Mira Member");
  const companyId = await companyOf({ id: member.id, name: "Mira Member" });
  const project = await createStaffProject(
    staffActor,
    { companyId },
    { title: `Site ${tag}`, description: "A new site.", status: "planned" },
  );
  const milestoneId = newId();
  await addMilestone(staffActor, project.id, { title: "Design", status: "planned" }, Date.now(), milestoneId);
  const complaint = await createComplaint({ companyId, createdBy: member.id }, { subject: "Login fails", message: "Since Monday." });
  await addStaffReply(staffActor, { complaintId: complaint.id, text: "Looking into it." });
  const lead = await submitQuote({
    name: "Lena Lead",
    email: `lead-${tag}@example.com`,
    phone: "+91 98200 12345",
    country: "India",
    requirement: "An app.",
    consent: CURRENT_CONSENT_VERSION,
  });
  const openingId = randomUUID();
  const now = Date.now();
  await db()
    .insertInto("jobOpenings")
    .values({
      id: openingId,
      title: "Engineer",
      location: "Pune",
      type: "Full-time",
      description: "d",
      salary: "",
      requirements: "[]",
      status: "open",
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const temp = path.join(fileStore().tempDir(), `upload-${randomUUID()}.tmp`);
  writeFileSync(temp, RESUME_BYTES);
  const resumeKey = `resumes/api_${tag}_cv.pdf`;
  await fileStore().putFromFile(resumeKey, temp, "application/pdf");
  const applicationId = randomUUID();
  await db()
    .insertInto("jobApplications")
    .values({
      id: applicationId,
      name: "Arun Applicant",
      email: `arun-${tag}@example.com`,
      message: "Hello",
      resume: resumeKey,
      resumeName: "cv.pdf",
      resumeType: "pdf",
      resumeSize: RESUME_BYTES.length,
      jobId: openingId,
      submittedAt: now,
      appliedBy: null,
    })
    .execute();
  return { admin, staffActor, member, companyId, project, milestoneId, complaint, lead, openingId, applicationId };
}
export type ApiWorld = Awaited<ReturnType<typeof seedApiWorld>>;
