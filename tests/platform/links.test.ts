import { describe, expect, it } from "vitest";
import { thingHref } from "~/lib/activity-links";
import { accountPathFor } from "~/lib/account-paths";
import { auditRecordPath } from "~/lib/audit-links";
import {
  accountLink,
  applicationLink,
  companyLink,
  complaintLink,
  dashboardLink,
  leadLink,
  notificationsLink,
  preferencesLink,
  projectLink,
  projectsLink,
  supportLink,
  teamLink,
} from "~/lib/links";

// The builders replaced hand-typed paths: these are the exact strings those paths produced.
describe("Link builders", () => {
  const id = "3f2c8a9e-1b7d-4c55-9a0e-2d4f6b8c1e33";

  it("build each side's project pages", () => {
    expect(projectLink("client", id)).toBe(`/user-dashboard/projects/${id}`);
    expect(projectLink("client", id, "files")).toBe(`/user-dashboard/projects/${id}/files`);
    expect(projectLink("client", id, "activity")).toBe(`/user-dashboard/projects/${id}/activity`);
    expect(projectLink("staff", id)).toBe(`/employee-dashboard/projects/${id}`);
    expect(projectLink("staff", id, "milestones")).toBe(`/employee-dashboard/projects/${id}/milestones`);
    expect(projectLink("staff", id, "files")).toBe(`/employee-dashboard/projects/${id}/files`);
    expect(projectsLink("client")).toBe("/user-dashboard/projects");
    expect(projectsLink("staff")).toBe("/employee-dashboard/projects");
    expect(thingHref("staff", id, { type: "file", id: "f1" })).toBe(`/employee-dashboard/projects/${id}/files?file=f1#file-f1`);
  });

  it("build support, notification and account pages", () => {
    expect(complaintLink("staff", id)).toBe(`/employee-dashboard/support/${id}`);
    expect(complaintLink("client", id)).toBe(`/user-dashboard/support?request=${id}#complaint-${id}`);
    expect(supportLink("client")).toBe("/user-dashboard/support");
    expect(notificationsLink("staff")).toBe("/employee-dashboard/notifications");
    expect(preferencesLink("client")).toBe("/user-dashboard/notifications/preferences");
    expect(preferencesLink("staff")).toBe("/employee-dashboard/notifications/preferences");
    expect(accountLink("client")).toBe("/user-dashboard/settings");
    expect(accountPathFor("employee")).toBe("/employee-dashboard/account");
    expect(accountPathFor("client")).toBe("/user-dashboard/settings");
    expect(dashboardLink("staff")).toBe("/employee-dashboard");
    expect(teamLink()).toBe("/user-dashboard/team");
  });

  it("build console record pages, encoding ids once", () => {
    expect(companyLink(id)).toBe(`/employee-dashboard/clients/${id}`);
    expect(leadLink("a b")).toBe("/employee-dashboard/leads/a%20b");
    expect(applicationLink(id)).toBe(`/employee-dashboard/applications/${id}`);
    expect(auditRecordPath({ entity: "lead", entityId: "a/b", detail: {} })).toBe("/employee-dashboard/leads/a%2Fb");
    expect(auditRecordPath({ entity: "project", entityId: id, detail: { ownerId: "c d" } })).toBe("/employee-dashboard/clients/c%20d");
  });
});
