import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { proposalTotals } from "~/lib/proposals";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { acceptProposal } from "~/server/models/proposals/proposal-accept.server";
import type { ProposalAccess } from "~/server/models/proposals/proposal-client.server";
import { COUNTERSIGN_TEXT, countersignProposal } from "~/server/models/proposals/proposal-countersign.server";
import { openProposalLink } from "~/server/models/proposals/proposal-links.server";
import { proposalOutcome } from "~/server/models/proposals/proposal-portal.server";
import { signedProposalPdf } from "~/server/models/proposals/proposal-signed.server";
import { SIGN_TEXT } from "~/server/models/proposals/proposal-signer.server";
import { proposalAction } from "~/routes/console/proposal.server";
import { signInStaff } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { insertLead, linkTokenFor, proposalContent, sentProposal } from "../helpers/proposals";
import { refusalOf } from "../helpers/refusals";

// A proposal that asks for the agency's countersignature: the client's signature starts the work
// at once, the signed PDF waits, and a member of staff then signs the very document the client
// signed; both sides receive the PDF with both signatures on its certificate page.

const AGENT = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (client)" };
const STAFF_AGENT = { ip: "198.51.100.4", userAgent: "Mozilla/5.0 (console)" };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

async function acceptedByLead(email: string, countersign: boolean) {
  const id = await sentProposal({ leadId: await insertLead(email) }, email, { countersign });
  const access: ProposalAccess = { kind: "link", grant: await openProposalLink(await linkTokenFor(email)) };
  const total = proposalTotals(proposalContent(), []).total;
  const accepted = await acceptProposal(access, id, { version: 1, optionalIds: [], total, fullName: "Lena Lead", consent: true, ...AGENT });
  return { id, accepted };
}

const signedMails = (id: string) =>
  db().selectFrom("mailOutbox").select(["toAddress", "textBody"]).where("idempotencyKey", "like", `proposal-signed:${id}:%`).execute();

const signaturesOf = (id: string) =>
  db()
    .selectFrom("proposalSignatures")
    .select(["role", "signerName", "signerEmail", "documentSha256", "document", "ip"])
    .where("proposalId", "=", id)
    .orderBy("role")
    .execute();

describe.each(testDatabases("proposal countersign"))("The agency's countersignature on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: Actor;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "http://localhost:5173" }));
    const account = await signInStaff("carla@indigokite.dev", { name: "Carla Countersign" });
    staff = { id: account.id, email: account.email, name: "Carla Countersign" };
  }, 60_000);
  afterAll(async () => cleanup());

  test("The client's signature starts the work at once, and the signed PDF waits for the agency", async () => {
    const { id, accepted } = await acceptedByLead("waits@bakery.example", true);
    expect(accepted.projectId).toBeTruthy();
    expect(accepted.invoiceId).toBeTruthy();
    expect(await signedMails(id)).toEqual([]);
    expect(await proposalOutcome(id)).toMatchObject({ awaitingCountersign: true, signerName: "Lena Lead" });
    const row = await db().selectFrom("proposals").select(["status", "signedPdfKey"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "accepted", signedPdfKey: null });
  });

  test("The console's form refuses a missing name or consent in place; then the agency signs the client's document and both sides get the PDF", async () => {
    const { id, accepted } = await acceptedByLead("both@bakery.example", true);
    const noName = await proposalAction(staff, id, "countersign", form({ intent: "countersign", consent: "on" }), STAFF_AGENT);
    expect(noName.init?.status).toBe(400);
    expect(JSON.stringify(noName.data)).toContain(SIGN_TEXT.name);
    const noConsent = await proposalAction(staff, id, "countersign", form({ intent: "countersign", fullName: "Carla C." }), STAFF_AGENT);
    expect(JSON.stringify(noConsent.data)).toContain(SIGN_TEXT.consent);
    expect((await signaturesOf(id)).map((s) => s.role)).toEqual(["client"]);

    const done = await proposalAction(
      staff,
      id,
      "countersign",
      form({ intent: "countersign", fullName: "Carla Countersign", consent: "on" }),
      STAFF_AGENT,
    );
    expect(done.data).toMatchObject({ intent: "countersign", status: "success" });
    const [client, agency] = await signaturesOf(id);
    expect(agency).toMatchObject({
      role: "staff",
      signerName: "Carla Countersign",
      signerEmail: "carla@indigokite.dev",
      ip: STAFF_AGENT.ip,
    });
    // The very document the client signed, byte for byte, and its hash.
    expect(agency!.document).toBe(client!.document);
    expect(agency!.documentSha256).toBe(accepted.documentSha256);
    expect(await proposalOutcome(id)).toMatchObject({ awaitingCountersign: false });

    const { text } = await extractText(await getDocumentProxy(new Uint8Array((await signedProposalPdf(id)).bytes)), { mergePages: true });
    expect(text).toContain("Signed by the client");
    expect(text).toContain("Countersigned by the agency");
    expect(text).toContain("Carla Countersign");
    expect(text).toContain(STAFF_AGENT.ip);
    const mails = await signedMails(id);
    expect(mails.map((m) => m.toAddress)).toEqual(["both@bakery.example"]);
    expect(mails[0]!.textBody).toContain("Carla Countersign countersigned it");
    const audit = await db().selectFrom("auditLog").select(["action", "actorId"]).where("entityId", "=", id).execute();
    expect(audit).toContainEqual({ action: "proposal.countersign", actorId: staff.id });

    // A second countersignature is refused and changes nothing.
    expect(await refusalOf(countersignProposal(staff, id, { fullName: "Carla Again", consent: true, ...STAFF_AGENT }))).toMatchObject({
      kind: "conflict",
      message: COUNTERSIGN_TEXT.done,
    });
    expect(await signaturesOf(id)).toHaveLength(2);
  });

  test("Two countersignatures at once make one", async () => {
    const { id } = await acceptedByLead("race@bakery.example", true);
    const outcomes = await Promise.allSettled([
      countersignProposal(staff, id, { fullName: "Carla One", consent: true, ...STAFF_AGENT }),
      countersignProposal(staff, id, { fullName: "Carla Two", consent: true, ...STAFF_AGENT }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((await signaturesOf(id)).filter((s) => s.role === "staff")).toHaveLength(1);
  });

  test("A proposal that does not ask for it, or that the client has not signed, cannot be countersigned", async () => {
    const { id } = await acceptedByLead("plain@bakery.example", false);
    expect(await refusalOf(countersignProposal(staff, id, { fullName: "Carla", consent: true, ...STAFF_AGENT }))).toMatchObject({
      kind: "conflict",
      message: COUNTERSIGN_TEXT.notAsked,
    });
    const open = await sentProposal({ leadId: await insertLead("open@bakery.example") }, "open@bakery.example", { countersign: true });
    expect(await refusalOf(countersignProposal(staff, open, { fullName: "Carla", consent: true, ...STAFF_AGENT }))).toMatchObject({
      kind: "conflict",
      message: COUNTERSIGN_TEXT.notSigned,
    });
    expect(await signaturesOf(open)).toEqual([]);
  });
});
