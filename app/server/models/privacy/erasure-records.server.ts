import { eraseInboundFrom } from "./erasure-inbound.server";
import { eraseLeadProposals } from "./erasure-proposals.server";
import { ERASED, erasedEmail, scrubTraces } from "./erasure-traces.server";
import type { Trx } from "~/server/db/db.server";

// Decision 0048: a lead or a job application, erased. "delete" removes the row and
// its notes; "anonymise" keeps the row (its status, stage, opening, country and dates still count in
// lists and charts) with the personal fields replaced and the free text cleared.

type Mode = "delete" | "anonymise";

export async function eraseLead(trx: Trx, id: string, mode: Mode): Promise<{ found: boolean; storageKeys: string[] }> {
  const lead = await trx.selectFrom("quotes").select(["name", "email"]).where("id", "=", id).executeTakeFirst();
  if (!lead) return { found: false, storageKeys: [] };
  const placeholder = erasedEmail(id);
  await scrubTraces(trx, { email: lead.email, names: [lead.name], recordIds: [id] }, placeholder);
  const storageKeys = [...(await eraseLeadProposals(trx, id)), ...(await eraseInboundFrom(trx, lead.email))];
  if (mode === "delete") {
    await trx.deleteFrom("recordNotes").where("entity", "=", "lead").where("entityId", "=", id).execute();
    await trx.deleteFrom("quotes").where("id", "=", id).execute();
  } else {
    await trx.updateTable("recordNotes").set({ text: "" }).where("entity", "=", "lead").where("entityId", "=", id).execute();
    await trx.updateTable("quotes").set({ name: ERASED, email: placeholder, phone: "", requirement: "" }).where("id", "=", id).execute();
  }
  return { found: true, storageKeys };
}

export async function eraseApplication(trx: Trx, id: string, mode: Mode): Promise<{ found: boolean; storageKeys: string[] }> {
  const application = await trx
    .selectFrom("jobApplications")
    .select(["name", "email", "resume", "appliedBy"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!application) return { found: false, storageKeys: [] };
  const placeholder = erasedEmail(id);
  // A signed-in applicant keeps their account and its mail: only what names this application goes.
  const hasAccount = application.appliedBy !== null;
  await scrubTraces(
    trx,
    { email: hasAccount ? placeholder : application.email, names: hasAccount ? [] : [application.name], recordIds: [id] },
    placeholder,
  );
  if (mode === "delete") {
    await trx.deleteFrom("recordNotes").where("entity", "=", "application").where("entityId", "=", id).execute();
    await trx.deleteFrom("jobApplications").where("id", "=", id).execute();
  } else {
    await trx.updateTable("recordNotes").set({ text: "" }).where("entity", "=", "application").where("entityId", "=", id).execute();
    await trx
      .updateTable("jobApplications")
      .set({ name: ERASED, email: placeholder, message: "", resume: "", resumeName: "", resumeType: "", resumeSize: 0, appliedBy: null })
      .where("id", "=", id)
      .execute();
  }
  return { found: true, storageKeys: application.resume ? [application.resume] : [] };
}
