import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, test } from "vitest";
import { CompanyProjects, type CompanyProject } from "~/components/console/company-projects";
import { ProjectFacts } from "~/components/portal/project-facts";
import { isOverdue, projectFilterFrom, projectFilterQuery, projectFormSchema } from "~/lib/schemas/projects-staff";

const TODAY = "2026-11-25";
const render = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>).replace(/<!-- -->/g, "");
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const project = (fields: Partial<CompanyProject>): CompanyProject => ({
  id: "p1",
  title: "Rider app",
  status: "in_progress",
  progress: 40,
  dueDate: null,
  ownerName: "Dev Rao",
  archived: false,
  ...fields,
});

test("A project card's facts show the status label, dates, owner, and mark an overdue due date", () => {
  const late = text(
    render(<ProjectFacts status="in_progress" startDate="2026-11-01" dueDate="2026-11-24" ownerName="Dev Rao" today={TODAY} />),
  );
  expect(late).toBe("Status In progress Start 1 Nov 2026 Due 24 Nov 2026 Overdue Run by Dev Rao");
  const done = text(render(<ProjectFacts status="done" startDate={null} dueDate="2026-11-24" ownerName={null} today={TODAY} />));
  expect(done).toBe("Status Done Start — Due 24 Nov 2026 Run by Not assigned yet");
});

test("The company's projects section links each project, lists archived ones last and marked, and offers New project unless the company is closed", () => {
  const projects = [
    project({ id: "old", title: "Old site", archived: true }),
    project({ id: "late", title: "Late app", dueDate: "2026-11-01" }),
  ];
  const html = render(<CompanyProjects companyId="c1" projects={projects} today={TODAY} />);
  expect(html).toContain('href="/employee-dashboard/clients/c1/projects/new"');
  expect(html).toContain('href="/employee-dashboard/projects/late"');
  expect(html).toContain('href="/employee-dashboard/projects/old"');
  expect(html.indexOf("Late app")).toBeLessThan(html.indexOf("Old site"));
  expect(text(html)).toContain("Old site Status: In progress Archived");
  expect(text(html)).toContain("Due 1 Nov 2026 Overdue");
  const closed = render(<CompanyProjects companyId="c1" projects={[]} today={TODAY} closed />);
  expect(closed).not.toContain("New project");
  expect(text(closed)).toContain("This company has no projects yet.");
});

test("Overdue means due before today and not done", () => {
  expect(isOverdue({ dueDate: "2026-11-24", status: "on_hold" }, TODAY)).toBe(true);
  expect(isOverdue({ dueDate: TODAY, status: "planned" }, TODAY)).toBe(false);
  expect(isOverdue({ dueDate: "2026-11-24", status: "done" }, TODAY)).toBe(false);
  expect(isOverdue({ dueDate: null, status: "planned" }, TODAY)).toBe(false);
});

test("The project form schema checks status, real dates and their order, and the owner id", () => {
  const base = { title: "Rider app", description: "Tracking.", status: "planned" };
  expect(projectFormSchema.safeParse({ ...base, startDate: "2026-12-01", dueDate: "2026-12-01" }).success).toBe(true);
  const errors = (input: Record<string, unknown>) =>
    projectFormSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  expect(errors({ ...base, status: "cancelled" })).toEqual(["status: Choose a status from the list."]);
  expect(errors({ ...base, dueDate: "2026-02-30" })).toEqual(["dueDate: Enter a real date."]);
  expect(errors({ ...base, startDate: "tomorrow" })).toEqual(["startDate: Enter the date as YYYY-MM-DD."]);
  expect(errors({ ...base, startDate: "2026-12-02", dueDate: "2026-12-01" })).toEqual([
    "dueDate: The due date cannot be before the start date.",
  ]);
  expect(errors({ ...base, ownerId: "x'; drop table" })).toEqual(["ownerId: Choose an owner from the list."]);
  expect(errors({ status: "planned" })).toEqual(["title: Title is required.", "description: Description is required."]);
});

test("The list filter reads only what it knows and writes back the same query", () => {
  const filter = projectFilterFrom(new URLSearchParams("q=%20kite%20&status=on_hold&owner=none&overdue=1&archived=yes&page=2&extra=1"));
  expect(filter).toEqual({ q: "kite", status: "on_hold", owner: "none", overdue: true });
  expect(projectFilterQuery(filter)).toBe("?q=kite&status=on_hold&owner=none&overdue=1");
  expect(projectFilterFrom(new URLSearchParams("status=cancelled&owner=a%20b"))).toEqual({});
  expect(projectFilterQuery({})).toBe("");
});
