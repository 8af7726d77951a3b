import { describe, expect, test } from "vitest";
import {
  approvalResource,
  approvalSchema,
  companyResource,
  companySchema,
  invoiceResource,
  invoiceSchema,
  memberResource,
  memberSchema,
  projectFileResource,
  projectFileSchema,
  supportRequestResource,
  supportRequestSchema,
} from "~/lib/api/resources";

// The resource views the API answers and webhooks carry: pure mappings from stored rows, each
// output valid against its own schema (times ISO in UTC, money in minor units with its currency).

const AT = Date.UTC(2026, 11, 2, 11, 0);

describe("Resource views", () => {
  test("An invoice's amounts are integer minor units with the invoice's currency, and its balance is what is still owed", () => {
    const view = invoiceResource({
      id: "inv-1",
      kind: "invoice",
      companyId: "co-1",
      number: "INV-2026-0001",
      status: "partially-paid",
      currency: "EUR",
      issueDate: "2026-12-01",
      dueDate: "2026-12-31",
      subtotal: 100_000,
      discount: 0,
      taxTotal: 19_000,
      total: 119_000,
      paid: 50_000,
      credited: 9_000,
      issuedAt: AT,
      voidedAt: null,
      createdAt: AT,
      updatedAt: AT,
    });
    expect(invoiceSchema.parse(view)).toEqual(view);
    expect(view.total).toEqual({ amount: 119_000, currency: "EUR" });
    expect(view.balance).toEqual({ amount: 60_000, currency: "EUR" });
    expect(view.issuedAt).toBe("2026-12-02T11:00:00.000Z");
  });

  test("An approval, a project file, a member, a company and a request with its replies map to valid views", () => {
    const approval = approvalResource({
      id: "a-1",
      projectId: "p-1",
      subjectType: "file",
      subjectId: "f-1",
      status: "changes_requested",
      note: "",
      comment: "Bigger logo",
      requestedByName: "Priya",
      requestedAt: AT,
      decidedByName: "Mira",
      decidedAt: AT + 1000,
    });
    expect(approvalSchema.parse(approval).subject).toEqual({ type: "file", id: "f-1" });
    const file = projectFileResource(
      { id: "f-1", projectId: "p-1", name: "logo.png", side: "staff", currentVersion: 2, createdAt: AT, updatedAt: AT },
      { size: 2048, contentType: "image/png" },
    );
    expect(projectFileSchema.parse(file)).toMatchObject({ version: 2, size: 2048 });
    // Better Auth's dates come as Date objects on PostgreSQL and as text on SQLite.
    for (const createdAt of [new Date(AT), new Date(AT).toISOString()]) {
      const member = memberResource({
        id: "u-1",
        companyId: "co-1",
        email: "mira@client.example",
        name: "",
        clientAdmin: 1,
        receivesInvoices: null,
        lastSignInAt: null,
        createdAt,
      });
      expect(memberSchema.parse(member)).toMatchObject({ name: "mira@client.example", clientAdmin: true, receivesInvoices: true });
    }
    const company = companyResource({
      id: "co-1",
      name: "Client Co",
      website: "",
      country: "",
      origin: "self",
      mailDecisions: 0,
      closedAt: null,
      createdAt: AT,
      updatedAt: AT,
    });
    expect(companySchema.parse(company).mailDecisions).toBe(false);
    const row = {
      id: "c-1",
      companyId: "co-1",
      subject: "Login",
      message: "Fails",
      status: "Pending",
      priority: "high",
      channel: "email",
      assigneeId: null,
      waitingSince: AT,
      closedAt: null,
      createdAt: AT,
      updatedAt: AT,
    };
    const reply = { id: "r-1", complaintId: "c-1", sender: "user", senderName: "Mira", text: "Hi", channel: "portal", timestamp: AT };
    const request = supportRequestSchema.parse(supportRequestResource(row, [reply]));
    expect(request.replies).toEqual([expect.objectContaining({ side: "client", createdAt: "2026-12-02T11:00:00.000Z" })]);
    // In a list a request comes without its replies.
    expect(supportRequestResource(row).replies).toBeUndefined();
  });
});
