import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as complaintRoute from "~/routes/console/complaint";
import * as inboxRoute from "~/routes/console/support";
import * as portalSupport from "~/routes/portal/support";
import type { SupportTurn } from "~/lib/support-desk";
import { createComplaint } from "~/server/models/support/complaints.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { memberScope } from "../helpers/companies";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { call } from "../helpers/routes";

// Whose turn it is on a request (decision 0076): worked out on the server from the public replies,
// shown to the client beside the status and in the staff inbox; internal notes never count.

describe.each(testDatabases("support-turn"))("Whose turn it is on a support request, on $name", (database) => {
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    alice = await signUp("alice@example.com", "Alice Client");
    staff = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "mailOutbox", "notifications", "complaintNotes", "complaintReplies", "complaints");
  });

  const staffAct = (id: string, form: Record<string, string>) =>
    call(complaintRoute.action, `/employee-dashboard/support/${id}`, { params: { id }, cookie: staff.cookie, form });
  const clientReply = (id: string, text: string) =>
    call(portalSupport.action, "/user-dashboard/support", { cookie: alice.cookie, form: { intent: "reply", complaintId: id, text } });

  /** The turn as the client's Support panel and the staff inbox show it. */
  async function turns(id: string): Promise<{ client: SupportTurn | null; inbox: SupportTurn | null }> {
    const portal = (await call(portalSupport.loader, "/user-dashboard/support", { cookie: alice.cookie })).data as {
      complaints: { id: string; turn: SupportTurn | null }[];
    };
    const inbox = (await call(inboxRoute.loader, "/employee-dashboard/support", { cookie: staff.cookie })).data as {
      entries: { id: string; turn: SupportTurn | null }[];
    };
    return { client: portal.complaints.find((c) => c.id === id)!.turn, inbox: inbox.entries.find((e) => e.id === id)!.turn };
  }
  const both = (turn: SupportTurn | null) => ({ client: turn, inbox: turn });

  test("A new request waits on the agency; a staff reply makes it 'Agency replied'; the client's answer makes it wait again", async () => {
    const { id } = await createComplaint(await memberScope(alice), { subject: "Invoice missing", message: "Where is it?" });
    expect(await turns(id)).toEqual(both("awaiting-agency"));
    expect(await staffAct(id, { intent: "reply", text: "It is on its way." })).toMatchObject({ data: { status: "success" } });
    expect(await turns(id)).toEqual(both("agency-replied"));
    expect(await clientReply(id, "Still nothing here.")).toMatchObject({ data: { status: "success" } });
    expect(await turns(id)).toEqual(both("awaiting-agency"));
  });

  test("An internal note never changes whose turn it is, and its text never reaches the client", async () => {
    const { id } = await createComplaint(await memberScope(alice), { subject: "Login", message: "I cannot sign in." });
    expect(await staffAct(id, { intent: "add-note", text: "TURN-NOTE-SECRET checked the logs" })).toMatchObject({
      data: { status: "success" },
    });
    expect(await turns(id)).toEqual(both("awaiting-agency"));
    await staffAct(id, { intent: "reply", text: "Please try again now." });
    await staffAct(id, { intent: "add-note", text: "TURN-NOTE-SECRET waiting for them" });
    expect(await turns(id)).toEqual(both("agency-replied"));
    const portal = await call(portalSupport.loader, "/user-dashboard/support", { cookie: alice.cookie });
    expect(JSON.stringify(portal.data)).not.toContain("TURN-NOTE-SECRET");
  });

  test("A Resolved or Closed request is nobody's turn, and reopening it gives the turn back", async () => {
    const { id } = await createComplaint(await memberScope(alice), { subject: "Colours", message: "Wrong blue." });
    await staffAct(id, { intent: "reply", text: "Fixed." });
    await staffAct(id, { intent: "set-status", status: "Resolved" });
    expect(await turns(id)).toEqual(both(null));
    await staffAct(id, { intent: "set-status", status: "Pending" });
    expect(await turns(id)).toEqual(both("agency-replied"));
    expect(
      await call(portalSupport.action, "/user-dashboard/support", { cookie: alice.cookie, form: { intent: "close", complaintId: id } }),
    ).toMatchObject({ data: { status: "success" } });
    expect(await turns(id)).toEqual(both(null));
  });
});
