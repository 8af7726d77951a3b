import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Actor } from "~/server/auth/actor.server";
import { STALE_PROPOSAL } from "~/server/models/proposals/proposal-rows.server";
import { getStaffProposal, listProposals, proposalStats } from "~/server/models/proposals/proposals-read.server";
import { createProposal } from "~/server/models/proposals/proposals.server";
import { proposalAction } from "~/routes/console/proposal.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { insertLead } from "../helpers/proposals";

// The console's proposal editor as its form posts it: a save keeps item ids and adds ids to new
// items, a stale save is told and keeps what was typed, a send is refused with the reason.

const SALES: Actor = { id: "sales-console", email: "sam@indigokite.dev", name: "Sam Sales" };
const TODAY = "2026-11-29";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const draftFields = (version: number, extra: Record<string, string> = {}) => ({
  intent: "save",
  version: String(version),
  clientName: "Lena's Bakery",
  clientEmail: "lena@bakery.example",
  title: "Website redesign",
  currency: "EUR",
  validUntil: "2099-12-31",
  deposit: "30",
  "sections[0].heading": "Scope",
  "sections[0].body": "A new site in **six weeks**.",
  "phases[0].title": "Discovery",
  "phases[0].dueInDays": "7",
  "items[0].description": "Design",
  "items[0].quantity": "10",
  "items[0].unitPrice": "90.00",
  "items[0].taxRate": "20",
  "items[1].description": "SEO audit",
  "items[1].quantity": "1",
  "items[1].unitPrice": "450",
  "items[1].taxRate": "7",
  "items[1].optional": "on",
  ...extra,
});

const answer = (result: Awaited<ReturnType<typeof proposalAction>>) => ({ ...result.data, http: result.init?.status ?? 200 });

describe.each(testDatabases("proposal console"))("The proposal editor's forms on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "http://localhost:5173" }));
  }, 60_000);
  afterAll(async () => cleanup());

  test("Saving parses the amounts, gives new items an id that later saves keep, and totals with the default choice", async () => {
    const { id } = await createProposal(SALES, { leadId: await insertLead("save@bakery.example") }, { title: "Website redesign" });
    expect(answer(await proposalAction(SALES, id, "save", form(draftFields(1))))).toMatchObject({ http: 200, intent: "save" });
    const saved = await getStaffProposal({ id, today: TODAY, scope: "all" });
    expect(saved.version).toBe(2);
    expect(saved.draft.items.map((i) => [i.quantityMilli, i.unitPrice, i.taxRateBp, i.optional, i.included])).toEqual([
      [10_000, 9_000, 2000, false, true],
      [1_000, 45_000, 700, true, false],
    ]);
    expect(saved.draft.depositBp).toBe(3000);
    expect(saved.draft.phases).toEqual([{ title: "Discovery", description: "", dueInDays: 7 }]);
    // 10 × 90.00 + 20 % tax; the optional audit is not ticked at first.
    expect(saved.draftTotals?.total).toBe(108_000);
    const [design, seo] = saved.draft.items.map((i) => i.id);
    expect(design).toBeTruthy();
    expect(seo).not.toBe(design);
    await proposalAction(
      SALES,
      id,
      "save",
      form(
        draftFields(2, {
          "items[0].id": design!,
          "items[1].id": seo!,
          "items[1].included": "on",
          "items[2].description": "Hosting",
          "items[2].quantity": "12",
          "items[2].unitPrice": "10",
        }),
      ),
    );
    const again = await getStaffProposal({ id, today: TODAY, scope: "all" });
    expect(again.draft.items.slice(0, 2).map((i) => i.id)).toEqual([design, seo]);
    expect(again.draft.items[2]!.id).not.toMatch(new RegExp(`^(${design}|${seo})$`));
    expect(again.draftTotals?.total).toBe(108_000 + 48_150 + 12_000);
  });

  test("A stale save is told in place with what was typed, and changes nothing", async () => {
    const { id } = await createProposal(SALES, { leadId: await insertLead("stale@bakery.example") }, { title: "Brand refresh" });
    await proposalAction(SALES, id, "save", form(draftFields(1)));
    const result = answer(await proposalAction(SALES, id, "save", form(draftFields(1, { title: "My later title" }))));
    expect(result).toMatchObject({ http: 409, intent: "save", message: STALE_PROPOSAL });
    expect(result.result?.initialValue).toMatchObject({ title: "My later title" });
    expect((await getStaffProposal({ id, today: TODAY, scope: "all" })).draft.title).toBe("Website redesign");
  });

  test("Sending is refused with the reason (no items, a past last day), then sends and shows Sent", async () => {
    const { id } = await createProposal(SALES, { leadId: await insertLead("send@bakery.example") }, { title: "Shop" });
    expect(answer(await proposalAction(SALES, id, "send", form({ intent: "send", version: "1" })))).toMatchObject({
      http: 400,
      intent: "send",
      message: "Add at least one priced item.",
    });
    await proposalAction(SALES, id, "save", form(draftFields(1, { validUntil: "2020-01-31" })));
    expect(answer(await proposalAction(SALES, id, "send", form({ intent: "send", version: "2" })))).toMatchObject({
      http: 400,
      message: "The last day it can be accepted has passed: choose a later one.",
    });
    expect(answer(await proposalAction(SALES, id, "send", form({ intent: "send", version: "1" })))).toMatchObject({
      http: 409,
      message: STALE_PROPOSAL,
    });
    await proposalAction(SALES, id, "save", form(draftFields(2)));
    expect(answer(await proposalAction(SALES, id, "send", form({ intent: "send", version: "3" })))).toMatchObject({
      http: 200,
      message: "Version 1 sent.",
    });
    const sent = await getStaffProposal({ id, today: TODAY, scope: "all" });
    expect(sent.status).toBe("sent");
    expect(sent.versions.map((v) => v.number)).toEqual([1]);
    expect(sent.links.map((l) => l.state)).toEqual(["open"]);
    expect((await listProposals({ today: TODAY, status: "sent", scope: "all" })).map((p) => p.id)).toContain(id);
    // Past its last day the list calls it expired, and the month of that day counts it.
    expect((await listProposals({ today: "2100-01-01", status: "expired", scope: "all" })).map((p) => p.id)).toContain(id);
    expect(answer(await proposalAction(SALES, id, "revoke", form({ intent: "revoke" })))).toMatchObject({ message: "1 link withdrawn." });
    const months = await proposalStats({ today: "2100-01-15", timeZone: "UTC", scope: "all" });
    expect(months.map((m) => m.month)).toEqual(["2099-08", "2099-09", "2099-10", "2099-11", "2099-12", "2100-01"]);
    expect(months[4]!.expired).toBeGreaterThanOrEqual(1);
  });
});
