import { createHash } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import { proposalTotals, type ProposalContent } from "~/lib/proposals";
import { isRefusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { currentDialect, db } from "~/server/db/db.server";
import { ACCEPT_TEXT, acceptProposal, type Acceptance } from "~/server/models/proposals/proposal-accept.server";
import { clientProposal, recordProposalView, type ProposalAccess } from "~/server/models/proposals/proposal-client.server";
import { declineProposal } from "~/server/models/proposals/proposal-decline.server";
import {
  LINK_EXPIRED,
  LINK_REVOKED,
  LINK_USED,
  openProposalLink,
  revokeProposalLinks,
} from "~/server/models/proposals/proposal-links.server";
import { sendProposal } from "~/server/models/proposals/proposal-send.server";
import { signedProposalPdf } from "~/server/models/proposals/proposal-signed.server";
import { createProposal, saveAsTemplate, saveProposalDraft } from "~/server/models/proposals/proposals.server";
import { STALE_PROPOSAL } from "~/server/models/proposals/proposal-rows.server";
import { signUp } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { insertLead, linkTokenFor, proposalContent, SALES, sentProposal } from "../helpers/proposals";
import { refusalOf } from "../helpers/refusals";

// Proposals from draft to signature: versions frozen when sent, single-use links for a lead, one
// view per person, and an acceptance that signs and starts the company, project and deposit invoice
// in one transaction, once.

const OTHER_SALES: Actor = { id: "sales-2", email: "sue@indigokite.dev", name: "Sue Sales" };
const AGENT = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (test)" };

const content = proposalContent;

async function sentForLead(email: string, fields: Partial<ProposalContent> = {}) {
  const leadId = await insertLead(email);
  const id = await sentProposal({ leadId }, email, { content: content(fields) });
  const grant = await openProposalLink(await linkTokenFor(email));
  return { id, leadId, access: { kind: "link", grant } as ProposalAccess };
}

const acceptance = (fields: Partial<Acceptance> = {}): Acceptance => {
  const total = proposalTotals(content(), ["seo"]).total;
  return { version: 1, optionalIds: ["seo"], total, fullName: "Lena Lead", consent: true, drawnSignature: null, ...AGENT, ...fields };
};

const counts = async () => ({
  companies: Number(
    (
      await db()
        .selectFrom("companies")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  projects: Number(
    (
      await db()
        .selectFrom("projects")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  invoices: Number(
    (
      await db()
        .selectFrom("invoices")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  signatures: Number(
    (
      await db()
        .selectFrom("proposalSignatures")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe.each(testDatabases("proposals"))("Proposals from draft to signature on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "http://localhost:5173" }));
  }, 60_000);
  afterAll(async () => cleanup());

  test("A second editor saving an older version is told, and the first editor's text is kept", async () => {
    const { id } = await createProposal(SALES, { leadId: await insertLead("editors@bakery.example") }, { title: "Brand refresh" });
    await saveProposalDraft(SALES, id, 1, {
      content: content({ title: "First" }),
      clientName: "Bakery",
      clientEmail: "editors@bakery.example",
      countersign: false,
    });
    expect(
      await refusalOf(
        saveProposalDraft(OTHER_SALES, id, 1, {
          content: content({ title: "Second" }),
          clientName: "Bakery",
          clientEmail: "x@y.z",
          countersign: false,
        }),
      ),
    ).toMatchObject({ kind: "conflict", message: STALE_PROPOSAL });
    const row = await db().selectFrom("proposals").select(["draft", "version"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.draft).title).toBe("First");
    expect(row.version).toBe(2);
  });

  test("Sending freezes a version: later edits stay in the draft until sent again, and the client sees only the latest", async () => {
    const { id, access } = await sentForLead("versions@bakery.example");
    await saveProposalDraft(SALES, id, 3, {
      content: content({ title: "Website redesign, revised" }),
      clientName: "Lena's Bakery",
      clientEmail: "versions@bakery.example",
      countersign: false,
    });
    expect((await clientProposal(access, id)).content.title).toBe("Website redesign");
    await sendProposal(SALES, id, 4);
    const seen = await clientProposal(access, id);
    expect(seen).toMatchObject({ version: 2, content: { title: "Website redesign, revised" } });
    // Accepting the first version, still open in another tab, is refused.
    expect(await refusalOf(acceptProposal(access, id, acceptance({ version: 1 })))).toMatchObject({
      kind: "conflict",
      message: ACCEPT_TEXT.newer,
    });
    const versions = await db()
      .selectFrom("proposalVersions")
      .select(["number", "content", "contentSha256"])
      .where("proposalId", "=", id)
      .orderBy("number")
      .execute();
    expect(versions.map((v) => v.number)).toEqual([1, 2]);
    for (const v of versions) expect(v.contentSha256).toBe(createHash("sha256").update(v.content).digest("hex"));
  });

  test("A link opens its proposal once; a spent, expired or withdrawn link is refused, and its grant reads nothing else", async () => {
    const { id, access } = await sentForLead("links@bakery.example");
    const other = await sentForLead("other@bakery.example");
    // The mail's token was spent by the first opening.
    expect(await refusalOf(openProposalLink(await linkTokenFor("links@bakery.example")))).toMatchObject({
      kind: "gone",
      message: LINK_USED,
    });
    expect(await refusalOf(openProposalLink("not-a-real-token-at-all-000000"))).toMatchObject({ kind: "not-found" });
    expect(await refusalOf(clientProposal(access, other.id))).toMatchObject({ kind: "not-found" });
    expect((await clientProposal(access, id)).id).toBe(id);

    await sendProposal(SALES, id, 3);
    const fresh = await linkTokenFor("links@bakery.example");
    expect(await refusalOf(openProposalLink(fresh, Date.now() + 15 * 24 * 60 * 60 * 1000))).toMatchObject({
      kind: "gone",
      message: LINK_EXPIRED,
    });
    await revokeProposalLinks(SALES, id);
    expect(await refusalOf(openProposalLink(fresh))).toMatchObject({ kind: "gone", message: LINK_REVOKED });
  });

  test("Viewing is recorded once per person and marks the proposal viewed", async () => {
    const { id, access } = await sentForLead("views@bakery.example");
    await recordProposalView(access, { id, version: 1 }, 1000);
    await recordProposalView(access, { id, version: 1 }, 2000);
    const views = await db().selectFrom("proposalViews").select(["viewer", "viewedAt"]).where("proposalId", "=", id).execute();
    expect(views).toEqual([{ viewer: "link:views@bakery.example", viewedAt: 1000 }]);
    expect(await db().selectFrom("proposals").select(["status", "firstViewedAt"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "viewed",
      firstViewedAt: 1000,
    });
  });

  test("A lead's acceptance signs the exact document and starts a company, its project with milestones, a deposit invoice and Won", async () => {
    const { id, leadId, access } = await sentForLead("accept@bakery.example");
    const accepted = await acceptProposal(access, id, acceptance({ drawnSignature: "M 10 10 L 20 20" }));

    const signature = await db().selectFrom("proposalSignatures").selectAll().where("proposalId", "=", id).executeTakeFirstOrThrow();
    expect(signature).toMatchObject({
      role: "client",
      signerName: "Lena Lead",
      signerEmail: "accept@bakery.example",
      ip: AGENT.ip,
      userAgent: AGENT.userAgent,
    });
    expect(signature.documentSha256).toBe(createHash("sha256").update(signature.document).digest("hex"));
    expect(accepted.documentSha256).toBe(signature.documentSha256);
    expect(JSON.parse(signature.document).accepted).toEqual({ optionalIds: ["seo"], total: proposalTotals(content(), ["seo"]).total });

    const company = await db().selectFrom("companies").select("name").where("id", "=", accepted.companyId).executeTakeFirstOrThrow();
    expect(company.name).toBe("Lena's Bakery");
    const invitation = await db()
      .selectFrom("clientInvitations")
      .select(["email", "clientAdmin"])
      .where("companyId", "=", accepted.companyId)
      .executeTakeFirstOrThrow();
    expect(invitation.email).toBe("accept@bakery.example");
    expect(Boolean(invitation.clientAdmin)).toBe(true);

    const milestones = await db()
      .selectFrom("milestones")
      .select(["title", "position"])
      .where("projectId", "=", accepted.projectId)
      .orderBy("position")
      .execute();
    expect(milestones.map((m) => m.title)).toEqual(["Discovery", "Build"]);

    // 30 % of each rate's net: 20 % items net 3900.00 → 1170.00; 7 % item 450.00 → 135.00.
    const invoice = await db()
      .selectFrom("invoices")
      .select(["status", "number", "total", "companyId"])
      .where("id", "=", accepted.invoiceId!)
      .executeTakeFirstOrThrow();
    expect(invoice.status).not.toBe("draft");
    expect(invoice.number).toMatch(/^INV-/);
    expect(Number(invoice.total)).toBe(117_000 + 23_400 + 13_500 + 945);

    const lead = await db().selectFrom("quotes").select(["status", "companyId"]).where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(lead).toEqual({ status: "won", companyId: accepted.companyId });
    const row = await db()
      .selectFrom("proposals")
      .select(["status", "companyId", "projectId", "invoiceId"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: "accepted",
      companyId: accepted.companyId,
      projectId: accepted.projectId,
      invoiceId: accepted.invoiceId,
    });
    // The same person accepting again (a double submit) gets the same answer, and nothing new.
    const before = await counts();
    expect(await acceptProposal(access, id, acceptance())).toEqual(accepted);
    expect(await counts()).toEqual(before);
  });

  test("Both sides get the signed PDF: its certificate page names the signer and the document's SHA-256, and the filed bytes match their hash", async () => {
    const { id, access } = await sentForLead("pdf@bakery.example");
    const accepted = await acceptProposal(access, id, acceptance({ fullName: "Łucja Żak" }));
    const row = await db()
      .selectFrom("proposals")
      .select(["signedPdfKey", "signedPdfSha256"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.signedPdfKey).toBe(`proposals/${id}/signed.pdf`);
    const { bytes } = await signedProposalPdf(id);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(row.signedPdfSha256);
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    expect(totalPages).toBeGreaterThanOrEqual(2);
    expect(text).toContain("Certificate of electronic signature");
    expect(text).toContain("Łucja Żak");
    expect(text).toContain(accepted.documentSha256);
    expect(text).toContain(AGENT.ip);
    const mails = await db()
      .selectFrom("mailOutbox")
      .select(["toAddress", "attachments"])
      .where("idempotencyKey", "like", `proposal-signed:${id}:%`)
      .execute();
    expect(mails.map((m) => m.toAddress)).toEqual(["pdf@bakery.example"]);
    expect(JSON.parse(mails[0]!.attachments!)).toEqual([
      { key: row.signedPdfKey, filename: "Website-redesign-signed.pdf", contentType: "application/pdf" },
    ]);
  });

  test("A tampered total, an item not offered, no name or no consent, and an expired proposal are refused, and nothing is signed", async () => {
    const { id, access } = await sentForLead("refuse@bakery.example");
    const expired = await sentForLead("expired@bakery.example", { validUntil: "2001-01-01" }).catch((error: unknown) => error);
    // Sending a proposal already past its last day is refused in the first place.
    expect(isRefusal(expired) && expired.field).toBe("validUntil");
    const before = await counts();
    expect(await refusalOf(acceptProposal(access, id, acceptance({ total: 1 })))).toMatchObject({
      kind: "conflict",
      message: ACCEPT_TEXT.total,
    });
    expect(await refusalOf(acceptProposal(access, id, acceptance({ optionalIds: ["design"] })))).toMatchObject({
      kind: "invalid",
      field: "optionalIds",
    });
    expect(await refusalOf(acceptProposal(access, id, acceptance({ fullName: "  " })))).toMatchObject({
      kind: "invalid",
      field: "fullName",
    });
    expect(await refusalOf(acceptProposal(access, id, acceptance({ consent: false })))).toMatchObject({
      kind: "invalid",
      field: "consent",
    });
    expect(await refusalOf(acceptProposal(access, id, acceptance({ drawnSignature: "<script>" })))).toMatchObject({
      field: "drawnSignature",
    });
    // Its last day passes while the client reads it.
    await db()
      .updateTable("proposalVersions")
      .set({ content: JSON.stringify(content({ validUntil: "2001-01-01" })) })
      .where("proposalId", "=", id)
      .execute();
    expect(await refusalOf(acceptProposal(access, id, acceptance()))).toMatchObject({ kind: "gone", message: ACCEPT_TEXT.expired });
    expect(await counts()).toEqual(before);
    expect((await db().selectFrom("proposals").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("sent");
  });

  test("Two acceptances at once make one signature, one company, one project and one deposit invoice", async () => {
    const { id, access } = await sentForLead("race@bakery.example");
    const before = await counts();
    const [a, b] = await Promise.all([acceptProposal(access, id, acceptance()), acceptProposal(access, id, acceptance())]);
    expect(a).toEqual(b);
    const after = await counts();
    expect(after).toEqual({
      companies: before.companies + 1,
      projects: before.projects + 1,
      invoices: before.invoices + 1,
      signatures: before.signatures + 1,
    });
  });

  test("A failure late in an acceptance (at the deposit invoice) leaves nothing of it: no signature, company, project or Won; then it accepts", async () => {
    const { id, leadId, access } = await sentForLead("crash@bakery.example");
    const before = await counts();
    // The database itself refuses the deposit invoice's row, as a crash at that point would leave it.
    if (currentDialect() === "sqlite")
      await sql`create trigger crash_on_invoice before insert on invoices begin select raise(abort, 'crash mid-acceptance'); end`.execute(
        db(),
      );
    else {
      await sql`create function crash_on_invoice() returns trigger language plpgsql as $$ begin raise exception 'crash mid-acceptance'; end $$`.execute(
        db(),
      );
      await sql`create trigger crash_on_invoice before insert on invoices for each row execute function crash_on_invoice()`.execute(db());
    }
    try {
      await expect(acceptProposal(access, id, acceptance())).rejects.toThrow(/crash mid-acceptance/);
    } finally {
      if (currentDialect() === "sqlite") await sql`drop trigger crash_on_invoice`.execute(db());
      else {
        await sql`drop trigger crash_on_invoice on invoices`.execute(db());
        await sql`drop function crash_on_invoice()`.execute(db());
      }
    }
    expect(await counts()).toEqual(before);
    expect(
      await db().selectFrom("proposals").select(["status", "companyId", "projectId"]).where("id", "=", id).executeTakeFirstOrThrow(),
    ).toEqual({
      status: "sent",
      companyId: null,
      projectId: null,
    });
    expect((await db().selectFrom("quotes").select("status").where("id", "=", leadId).executeTakeFirstOrThrow()).status).not.toBe("won");
    // Nothing was half done: the same acceptance now goes through whole.
    const accepted = await acceptProposal(access, id, acceptance());
    expect(await counts()).toEqual({
      companies: before.companies + 1,
      projects: before.projects + 1,
      invoices: before.invoices + 1,
      signatures: before.signatures + 1,
    });
    expect(accepted.invoiceId).toBeTruthy();
  });

  test("A lead whose address already belongs to a client joins that company's work instead of a duplicate company", async () => {
    const member = await signUp("owner@known.example", "Known Owner");
    const companyId = newId();
    await db().insertInto("companies").values({ id: companyId, name: "Known Ltd", createdAt: Date.now(), updatedAt: Date.now() }).execute();
    await db()
      .updateTable("users")
      .set({ companyId, clientAdmin: currentDialect() === "sqlite" ? 1 : true })
      .where("id", "=", member.id)
      .execute();
    const { id, access } = await sentForLead("owner@known.example");
    const before = await counts();
    const accepted = await acceptProposal(access, id, acceptance());
    expect(accepted.companyId).toBe(companyId);
    expect((await counts()).companies).toBe(before.companies);
  });

  test("A company member reads the company's proposal in the portal; declining keeps the reason and ends it", async () => {
    const member = await signUp("buyer@gull.example", "Gull Buyer");
    const companyId = newId();
    await db().insertInto("companies").values({ id: companyId, name: "Gull GmbH", createdAt: Date.now(), updatedAt: Date.now() }).execute();
    await db()
      .updateTable("users")
      .set({ companyId, clientAdmin: currentDialect() === "sqlite" ? 1 : true })
      .where("id", "=", member.id)
      .execute();
    const { id } = await createProposal(SALES, { companyId }, { title: "Retainer" });
    await saveProposalDraft(SALES, id, 1, {
      content: content({ title: "Retainer" }),
      clientName: "Gull GmbH",
      clientEmail: "buyer@gull.example",
      countersign: false,
    });
    await sendProposal(SALES, id, 2);
    const mail = await db()
      .selectFrom("mailOutbox")
      .select("textBody")
      .where("toAddress", "=", "buyer@gull.example")
      .executeTakeFirstOrThrow();
    expect(mail.textBody).toContain(`/user-dashboard/proposals/${id}`);
    const access: ProposalAccess = { kind: "member", userId: member.id, name: "Gull Buyer", companyId };
    const stranger: ProposalAccess = { kind: "member", userId: "someone", name: "Else", companyId: newId() };
    expect((await clientProposal(access, id)).content.title).toBe("Retainer");
    expect(await refusalOf(clientProposal(stranger, id))).toMatchObject({ kind: "not-found" });
    await declineProposal(access, id, "We chose to wait until spring.");
    expect(await db().selectFrom("proposals").select(["status", "declineReason"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "declined",
      declineReason: "We chose to wait until spring.",
    });
    expect(await refusalOf(acceptProposal(access, id, acceptance()))).toMatchObject({ kind: "conflict", message: ACCEPT_TEXT.declined });
  });

  test("A proposal saved as a template starts the next one with its sections, phases and items", async () => {
    const { id } = await createProposal(SALES, { leadId: await insertLead("template@bakery.example") }, { title: "Template source" });
    await saveProposalDraft(SALES, id, 1, {
      content: content(),
      clientName: "Bakery",
      clientEmail: "template@bakery.example",
      countersign: false,
    });
    const template = await saveAsTemplate(SALES, id, "Website, standard");
    const next = await createProposal(
      SALES,
      { leadId: await insertLead("next@bakery.example") },
      { title: "For the next bakery", templateId: template.id },
    );
    const draft = JSON.parse(
      (await db().selectFrom("proposals").select("draft").where("id", "=", next.id).executeTakeFirstOrThrow()).draft,
    ) as ProposalContent;
    expect(draft.title).toBe("For the next bakery");
    expect(draft.items.map((i) => i.id)).toEqual(["design", "build", "seo"]);
    expect(draft.phases).toHaveLength(2);
  });
});
