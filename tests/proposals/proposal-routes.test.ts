import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import { proposalTotals, type ProposalContent } from "~/lib/proposals";
import * as linkRoute from "~/routes/proposals/link";
import * as viewRoute from "~/routes/proposals/view";
import * as portalProposalRoute from "~/routes/portal/proposal";
import * as portalProposalsRoute from "~/routes/portal/proposals";
import { currentDialect, db } from "~/server/db/db.server";
import { ACCEPT_TEXT } from "~/server/models/proposals/proposal-accept.server";
import { LINK_USED } from "~/server/models/proposals/proposal-links.server";
import { RELINK_ANSWER } from "~/server/models/proposals/proposal-relink.server";
import { signUp } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { insertLead, linkTokenFor, sentProposal } from "../helpers/proposals";
import { call, type Outcome } from "../helpers/routes";

// The client's proposal routes: the mail's link spends its token into a signed cookie for that one
// proposal, the page it opens, and the sign and decline forms, for a lead and for a portal member.

const content = (fields: Partial<ProposalContent> = {}): ProposalContent => ({
  title: "Website redesign",
  currency: "EUR",
  sections: [{ heading: "Scope", body: "A new site in **six weeks**. <script>alert(1)</script>" }],
  phases: [{ title: "Discovery", description: "Workshops", dueInDays: 7 }],
  items: [
    { id: "design", description: "Design", quantityMilli: 10_000, unitPrice: 9_000, taxRateBp: 2000, optional: false, included: true },
    { id: "seo", description: "SEO audit", quantityMilli: 1_000, unitPrice: 45_000, taxRateBp: 700, optional: true, included: false },
  ],
  depositBp: 3000,
  validUntil: "2099-12-31",
  terms: "Payment within 14 days.",
  ...fields,
});

const sentTo = (target: { leadId: string } | { companyId: string }, email: string, fields: Partial<ProposalContent> = {}) =>
  sentProposal(target, email, { content: content(fields) });

/** Opens the mailed link; the grant's cookie as a Cookie header. */
async function open(token: string): Promise<{ outcome: Outcome; cookie: string }> {
  const outcome = await call(linkRoute.loader, `/proposal/${token}`, { params: { token } });
  const set = outcome.response?.headers.get("set-cookie") ?? "";
  return { outcome, cookie: set.split(";")[0]! };
}

const acceptForm = (fields: Record<string, string | string[]> = {}) => ({
  intent: "accept",
  version: "1",
  items: ["seo"],
  total: String(proposalTotals(content(), ["seo"]).total),
  fullName: "Lena Lead",
  consent: "on",
  ...fields,
});

describe.each(testDatabases("proposal-routes"))("The client's proposal pages on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "http://localhost:5173" }));
  }, 60_000);
  afterAll(async () => cleanup());

  test("The link spends its token into a signed cookie for that proposal only; a second opening is refused and offers a new link", async () => {
    const id = await sentTo({ leadId: await insertLead("lena@bakery.example") }, "lena@bakery.example");
    const other = await sentTo({ leadId: await insertLead("otto@bakery.example") }, "otto@bakery.example");
    const token = await linkTokenFor("lena@bakery.example");

    const { outcome, cookie } = await open(token);
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(`/proposal/view/${id}`);
    const setCookie = outcome.response!.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toContain("Path=/proposal/view;");
    expect(setCookie).not.toContain(token);
    expect(outcome.response!.headers.get("referrer-policy")).toBe("no-referrer");
    expect(outcome.response!.headers.get("cache-control")).toBe("private, no-store");

    const page = await call(viewRoute.loader, `/proposal/view/${id}`, { cookie, params: { id } });
    expect(page.status).toBe(200);
    const data = page.data as unknown as { proposal: { status: string }; sectionsHtml: string[]; reader: string };
    expect(data.reader).toBe("link");
    expect(data.sectionsHtml[0]).toContain("<strong>six weeks</strong>");
    expect(data.sectionsHtml[0]).not.toContain("<script>");
    expect((await db().selectFrom("proposals").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("viewed");

    // The grant opens its own proposal only, whatever id the cookie is shown to.
    const renamed = cookie.replace(id, other);
    expect((await call(viewRoute.loader, `/proposal/view/${other}`, { cookie: renamed, params: { id: other } })).status).toBe(404);
    // A tampered cookie (another link id, same signature) or none: 404.
    const [name, value] = cookie.split("=");
    const [, expires, mac] = value!.split(".");
    const forged = `${name}=${newId()}.${expires}.${mac}`;
    expect((await call(viewRoute.loader, `/proposal/view/${id}`, { cookie: forged, params: { id } })).status).toBe(404);
    expect((await call(viewRoute.loader, `/proposal/view/${id}`, { params: { id } })).status).toBe(404);

    // The same link again: used, with the neutral offer of a new one.
    const again = await call(linkRoute.loader, `/proposal/${token}`, { params: { token } });
    expect(again.status).toBe(410);
    expect(again.data?.message).toBe(LINK_USED);
    const relink = await call(linkRoute.action, `/proposal/${token}`, { params: { token }, form: { intent: "relink" } });
    expect(relink.data?.message).toBe(RELINK_ANSWER);
    const unknown = "x".repeat(43);
    expect((await call(linkRoute.loader, `/proposal/${unknown}`, { params: { token: unknown } })).status).toBe(404);
    expect(
      (await call(linkRoute.action, `/proposal/${unknown}`, { params: { token: unknown }, form: { intent: "relink" } })).data?.message,
    ).toBe(RELINK_ANSWER);
  });

  test("Signing through a link: refusals say why and write nothing; then it is signed once and the page shows it", async () => {
    const email = "signer@bakery.example";
    const id = await sentTo({ leadId: await insertLead(email) }, email);
    const { cookie } = await open(await linkTokenFor(email));
    const path = `/proposal/view/${id}`;
    const post = (form: Record<string, string | string[]>) => call(viewRoute.action, path, { cookie, params: { id }, form });

    const tampered = await post(acceptForm({ total: "1" }));
    expect(tampered.status).toBe(409);
    expect(tampered.data?.message).toBe(ACCEPT_TEXT.total);
    const noName = await post(acceptForm({ fullName: " " }));
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.data)).toContain(ACCEPT_TEXT.name);
    const noConsent = await post(acceptForm({ consent: [] }));
    expect(JSON.stringify(noConsent.data)).toContain(ACCEPT_TEXT.consent);
    const older = await post(acceptForm({ version: "2" }));
    expect(older.data?.message).toBe(ACCEPT_TEXT.newer);
    expect((await db().selectFrom("proposals").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("sent");

    // Without JavaScript: the chosen items come from the URL, and the page's total is theirs.
    const updated = await call(viewRoute.loader, `${path}?choose=1&items=seo`, { cookie, params: { id } });
    const shown = (updated.data as unknown as { totals: { total: number } }).totals.total;
    expect(shown).toBe(proposalTotals(content(), ["seo"]).total);

    const signed = await post(acceptForm({ total: String(shown) }));
    expect(signed.status).toBe(302 + 1);
    expect(signed.location).toBe(`${path}?signed=1`);
    const after = await call(viewRoute.loader, `${path}?signed=1`, { cookie, params: { id } });
    const done = after.data as unknown as { proposal: { status: string }; outcome: { documentSha256: string; projectId: string } };
    expect(done.proposal.status).toBe("accepted");
    expect(done.outcome.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(done.outcome.projectId).toBeTruthy();
    const signature = await db()
      .selectFrom("proposalSignatures")
      .select(["ip", "signerName"])
      .where("proposalId", "=", id)
      .executeTakeFirstOrThrow();
    expect(signature).toEqual({ ip: "203.0.113.9", signerName: "Lena Lead" });
  });

  test("Expired proposals show their state and cannot be signed", async () => {
    const email = "late@bakery.example";
    const id = await sentTo({ leadId: await insertLead(email) }, email);
    // Time passes: the version sent is past its last day.
    await db()
      .updateTable("proposalVersions")
      .set({ content: JSON.stringify(content({ validUntil: "2020-01-01" })) })
      .where("proposalId", "=", id)
      .execute();
    const { cookie } = await open(await linkTokenFor(email));
    const page = await call(viewRoute.loader, `/proposal/view/${id}`, { cookie, params: { id } });
    expect((page.data as unknown as { proposal: { expired: boolean } }).proposal.expired).toBe(true);
    const refused = await call(viewRoute.action, `/proposal/view/${id}`, {
      cookie,
      params: { id },
      form: acceptForm({ total: String(proposalTotals(content(), ["seo"]).total) }),
    });
    expect(refused.data?.message).toBe(ACCEPT_TEXT.expired);
  });

  test("A member reads, lists and declines the company's proposal in the portal; another company's is a 404", async () => {
    const member = await signUp("buyer@heron.example", "Heron Buyer");
    const stranger = await signUp("else@crane.example", "Crane Else");
    const companyId = newId();
    await db().insertInto("companies").values({ id: companyId, name: "Heron Ltd", createdAt: Date.now(), updatedAt: Date.now() }).execute();
    await db()
      .updateTable("users")
      .set({ companyId, clientAdmin: currentDialect() === "sqlite" ? 1 : true })
      .where("id", "=", member.id)
      .execute();
    const id = await sentTo({ companyId }, "buyer@heron.example");
    const path = `/user-dashboard/proposals/${id}`;

    const list = await call(portalProposalsRoute.loader, "/user-dashboard/proposals", { cookie: member.cookie });
    expect((list.data as unknown as { open: { id: string }[] }).open.map((p) => p.id)).toEqual([id]);
    const theirs = await call(portalProposalsRoute.loader, "/user-dashboard/proposals", { cookie: stranger.cookie });
    expect((theirs.data as unknown as { open: unknown[] }).open).toEqual([]);

    // The page rendered in answer to a form post (the loaders get the post's headers) is not a view.
    const views = async () => (await db().selectFrom("proposalViews").select("viewer").where("proposalId", "=", id).execute()).length;
    const answered = await call(portalProposalRoute.loader, path, {
      cookie: member.cookie,
      params: { id },
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(answered.status).toBe(200);
    expect(await views()).toBe(0);
    expect((await call(portalProposalRoute.loader, path, { cookie: member.cookie, params: { id } })).status).toBe(200);
    expect(await views()).toBe(1);
    expect((await call(portalProposalRoute.loader, path, { cookie: stranger.cookie, params: { id } })).status).toBe(404);
    expect(
      (await call(portalProposalRoute.action, path, { cookie: stranger.cookie, params: { id }, form: { intent: "decline", reason: "no" } }))
        .status,
    ).toBe(404);

    const tooLong = await call(portalProposalRoute.action, path, {
      cookie: member.cookie,
      params: { id },
      form: { intent: "decline", reason: "x".repeat(2001) },
    });
    expect(tooLong.status).toBe(400);
    const declined = await call(portalProposalRoute.action, path, {
      cookie: member.cookie,
      params: { id },
      form: { intent: "decline", reason: "Next year." },
    });
    expect(declined.location).toBe(`${path}?declined=1`);
    const after = await call(portalProposalRoute.loader, path, { cookie: member.cookie, params: { id } });
    expect((after.data as unknown as { outcome: { declineReason: string } }).outcome.declineReason).toBe("Next year.");
    const past = await call(portalProposalsRoute.loader, "/user-dashboard/proposals", { cookie: member.cookie });
    expect((past.data as unknown as { past: { status: string }[] }).past.map((p) => p.status)).toEqual(["declined"]);
  });
});
