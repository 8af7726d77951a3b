import { randomUUID } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { acceptClientInvitation } from "./account-steps";
import { signIn } from "./fixtures";
import { eventStreamOpened, expectSameDocument, markDocument, openDatabase, uniqueId, waitForHydration, waitForMail } from "./helpers";

// The journey end to end (section Tests): staff convert a lead → the invitation mail arrives →
// the invitee chooses a password → sees the project → invites a teammate → the teammate sees the
// same projects and requests; a member of another company sees nothing of it; staff create, edit
// and archive a project and the first member's open My Projects page follows without a reload.
// One test, because each step needs the state the previous one left (the people, the mails).

/** A lead as the public quote form stores it (the quote form itself has its own spec). */
function insertLead(uid: string) {
  const lead = {
    id: randomUUID(),
    name: `Nisha Rao ${uid}`,
    email: `nisha-${uid}@example.com`,
    phone: "+91 98765 43210",
    country: "India",
    requirement: `An ordering app for our bakery chain, with loyalty points (${uid}).`,
  };
  const db = openDatabase();
  try {
    db.prepare(
      "insert into quotes (id, name, email, phone, country, requirement, submitted_at, status) values (?, ?, ?, ?, ?, ?, ?, 'new')",
    ).run(lead.id, lead.name, lead.email, lead.phone, lead.country, lead.requirement, Date.now());
  } finally {
    db.close();
  }
  return lead;
}

const projectHeading = (page: Page, title: string) => page.getByRole("main").getByRole("heading", { level: 2, name: title, exact: true });

test("A won lead becomes a client company whose invited people share its projects and requests, which no other company sees, and which staff run live", async ({
  browser,
}) => {
  // Four browsers, three mails, a dozen pages on a machine shared with other suites.
  test.setTimeout(180_000);
  const uid = uniqueId();
  const lead = insertLead(uid);
  const company = `Rao Bakeries ${uid}`;
  const firstProject = `Bakery ordering app ${uid}`;
  const contexts: BrowserContext[] = [];
  try {
    // --- Staff (sales) convert the lead: a new company, the requester invited as client admin, the first project.
    const staffContext = await browser.newContext();
    contexts.push(staffContext);
    const staff = await staffContext.newPage();
    await signIn(staff, { role: "employee", staffRole: "sales" });
    await staff.goto(`/employee-dashboard/leads?q=${uid}`);
    await waitForHydration(staff);
    await staff.getByRole("link", { name: lead.name }).click();
    await expect(staff.getByRole("heading", { name: lead.name })).toBeVisible();
    await staff.getByRole("link", { name: "Convert to client" }).click();
    await expect(staff.getByRole("heading", { name: `Convert ${lead.name} to a client` })).toBeVisible();
    await waitForHydration(staff);
    const main = staff.getByRole("main");
    await main.getByLabel("Company name").fill(company);
    await expect(main.getByLabel("E-mail")).toHaveValue(lead.email);
    await expect(main.getByLabel("Client admin (may invite and remove teammates)")).toBeChecked();
    await expect(main.getByLabel("Create the first project from the requirement")).toBeChecked();
    await main.getByLabel("Project title").fill(firstProject);
    const invitedAt = Date.now();
    await main.getByRole("button", { name: "Convert to client" }).click();
    await expect(staff).toHaveURL(/\/employee-dashboard\/clients\/[\w-]+(\?notice=lead-converted)?$/);
    await expect(main.getByRole("heading", { level: 2, name: company })).toBeVisible();
    // The notice is a toast outside the main landmark.
    await expect(staff.getByText("The lead is now a client: the company is ready and the requester is invited.")).toBeVisible();
    const companyId = new URL(staff.url()).pathname.split("/").pop()!;
    await expect(main.getByRole("region", { name: "Projects" }).getByRole("link", { name: firstProject })).toBeVisible();
    await expect(main.getByRole("list", { name: "Pending invitations" }).getByText(lead.email)).toBeVisible();
    await expect(main.getByRole("region", { name: "Came from" }).getByRole("link", { name: `Lead from ${lead.name}` })).toBeVisible();

    // --- The invitation mail arrives; the requester chooses a password and lands in the portal.
    const firstMail = await waitForMail(lead.email, invitedAt, /invitation\?token/);
    const first = await acceptClientInvitation(browser, firstMail, company, lead.email, "nisha-chose-this-password");
    contexts.push(first.context);
    const a1 = first.page;
    await a1.getByRole("link", { name: "My Projects" }).first().click();
    await expect(projectHeading(a1, firstProject)).toBeVisible();
    await expect(a1.getByRole("main").getByText(lead.requirement)).toBeVisible();

    // --- The first member raises a support request for the company.
    const subject = `Loyalty points vanish ${uid}`;
    await a1.getByRole("link", { name: "Support" }).first().click();
    await waitForHydration(a1);
    await a1.getByRole("main").getByRole("button", { name: "New request" }).click();
    const dialog = a1.getByRole("dialog");
    await dialog.getByLabel("Subject").fill(subject);
    await dialog.getByLabel("Message").fill("Points earned yesterday are gone today.");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(
      a1.getByRole("main").getByRole("list", { name: "Your support requests" }).getByRole("heading", { name: subject }),
    ).toBeVisible();

    // --- As client admin, they invite a teammate from the Team page; the teammate accepts from their mail.
    const mateEmail = `omar-${uid}@example.com`;
    await a1.getByRole("link", { name: "Team" }).first().click();
    await waitForHydration(a1);
    const teamSince = Date.now();
    await a1.getByRole("main").getByLabel("Name").fill("Omar Teammate");
    await a1.getByRole("main").getByLabel("E-mail").fill(mateEmail);
    await a1.getByRole("main").getByRole("button", { name: "Send invitation" }).click();
    await expect(a1.getByRole("status").filter({ hasText: `Invitation sent to ${mateEmail}.` })).toBeVisible();
    const mateMail = await waitForMail(mateEmail, teamSince, /invitation\?token/);
    const mate = await acceptClientInvitation(browser, mateMail, company, mateEmail, "omar-chose-this-password");
    contexts.push(mate.context);
    const a2 = mate.page;

    // --- The teammate sees the same projects and the same support request.
    await a2.getByRole("link", { name: "My Projects" }).first().click();
    await expect(projectHeading(a2, firstProject)).toBeVisible();
    await a2.getByRole("link", { name: "Support" }).first().click();
    await expect(
      a2.getByRole("main").getByRole("list", { name: "Your support requests" }).getByRole("heading", { name: subject }),
    ).toBeVisible();

    // --- A separately registered client (their own company) sees none of it: pages and .data requests.
    const otherContext = await browser.newContext();
    contexts.push(otherContext);
    const b = await otherContext.newPage();
    await signIn(b, { role: "client", emailVerified: true });
    await b.goto("/user-dashboard/projects");
    await waitForHydration(b);
    await expect(b.getByRole("main").getByText("No projects yet")).toBeVisible();
    await expect(b.getByRole("main").getByText(firstProject)).toHaveCount(0);
    await b.goto("/user-dashboard/support");
    await waitForHydration(b);
    await expect(b.getByRole("main").getByText("No complaints raised yet")).toBeVisible();
    await expect(b.getByRole("main").getByText(subject)).toHaveCount(0);
    for (const path of [
      "/user-dashboard/projects.data",
      "/user-dashboard/support.data",
      "/user-dashboard/team.data",
      "/user-dashboard.data",
    ]) {
      const response = await b.request.get(path);
      expect(response.status(), path).toBe(200);
      const body = await response.text();
      for (const secret of [firstProject, subject, company, lead.email, mateEmail, uid]) {
        expect(body, `${path} (${response.status()}) shows nothing of ${company}`).not.toContain(secret);
      }
    }
    // The teammate's own .data request, by contrast, carries them: the check above is not vacuous.
    expect(await (await a2.request.get("/user-dashboard/projects.data")).text()).toContain(firstProject);

    // --- Staff create, edit and archive a project; the first member's open My Projects page follows live.
    await a1.getByRole("link", { name: "My Projects" }).first().click();
    await expect(projectHeading(a1, firstProject)).toBeVisible();
    // A fresh document, so that the stream is seen opening.
    const stream = eventStreamOpened(a1, "/events/portal");
    await a1.reload();
    await waitForHydration(a1);
    await stream;
    await markDocument(a1);
    // The teammate's open page follows too (every member's stream gets the company's changes).
    const mateStream = eventStreamOpened(a2, "/events/portal");
    await a2.goto("/user-dashboard/projects");
    await waitForHydration(a2);
    await mateStream;
    await expect(projectHeading(a2, firstProject)).toBeVisible();
    await markDocument(a2);

    const staffProject = `Delivery tracker ${uid}`;
    await staff.goto(`/employee-dashboard/clients/${companyId}`);
    await waitForHydration(staff);
    await main.getByRole("link", { name: "New project" }).click();
    await expect(main.getByLabel("Title")).toBeVisible();
    await waitForHydration(staff);
    await main.getByLabel("Title").fill(staffProject);
    await main.getByLabel("Description").fill("Drivers' routes and live delivery times for customers.");
    await main.getByLabel("Status").selectOption({ label: "In progress" });
    await main.getByRole("button", { name: "Create project" }).click();
    await expect(staff).toHaveURL(/\/employee-dashboard\/projects\/[\w-]+\?created=1$/);
    await expect(main.getByRole("status").filter({ hasText: "Project created" })).toBeVisible();
    await expect(projectHeading(a1, staffProject)).toBeVisible({
      timeout: 10_000,
    });
    await expect(projectHeading(a2, staffProject)).toBeVisible({
      timeout: 10_000,
    });

    const renamed = `${staffProject} v2`;
    // The page reads first; its form opens on demand.
    await main.getByRole("link", { name: `Edit details of ${staffProject}` }).click();
    await main.getByLabel("Title").fill(renamed);
    await main.getByLabel("Status").selectOption({ label: "On hold" });
    await main.getByRole("button", { name: "Save changes" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Changes saved" })).toBeVisible();
    await expect(projectHeading(a1, renamed)).toBeVisible({ timeout: 10_000 });
    await expect(projectHeading(a1, staffProject)).toHaveCount(0);

    await main.getByRole("link", { name: "Archive project" }).click();
    await main.getByRole("button", { name: "Yes, archive project" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Project archived" })).toBeVisible();
    await expect(projectHeading(a1, renamed)).toHaveCount(0, {
      timeout: 10_000,
    });
    await expect(projectHeading(a2, renamed)).toHaveCount(0, {
      timeout: 10_000,
    });
    await expect(projectHeading(a1, firstProject)).toBeVisible();
    await expectSameDocument(a1);
    await expectSameDocument(a2);

    // Company B still sees nothing, the new project included.
    const after = await b.request.get("/user-dashboard/projects.data");
    expect(await after.text()).not.toContain(uid);
  } finally {
    for (const context of contexts) await context.close();
  }
});
