import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import ConsoleProjectMilestones from "~/routes/console/project-milestones";

// A field's `form` attribute names its form by id. Where another element earlier on the page has
// that id, the browser gives the field no form, and the post goes without it.
function formOwnersOf(html: string) {
  const ids = [...html.matchAll(/<(\w+)[^>]*\sid="([^"]+)"/g)].map(([, tag, id]) => ({ tag: tag!, id: id! }));
  const owners = [...new Set([...html.matchAll(/\sform="([^"]+)"/g)].map(([, id]) => id!))];
  return owners.map((id) => ({ id, elements: ids.filter((e) => e.id === id).map((e) => e.tag) }));
}

test("On the Milestones tab every field names a form id that only its form carries, so editing a milestone posts its title and status; a row's forms open only when asked", () => {
  const loaderData = {
    project: {
      id: "p1",
      title: "Rider app",
      companyId: "c1",
      companyName: "Kite Foods",
      progress: 0,
      archived: false,
      progressMode: "manual" as const,
    },
    milestones: [
      { id: "m1", title: "Design", description: "", dueDate: null, status: "planned", approval: null },
      { id: "m2", title: "Build", description: "", dueDate: "2026-12-01", status: "in_progress", approval: null },
    ],
  };
  const Stub = createRoutesStub([
    { id: "milestones", path: "/employee-dashboard/projects/:id/milestones", Component: ConsoleProjectMilestones as never },
  ]);
  const html = renderToString(
    <Stub
      initialEntries={["/employee-dashboard/projects/p1/milestones?edit=m1&approval=m2"]}
      hydrationData={{ loaderData: { milestones: loaderData } }}
    />,
  );
  const owners = formOwnersOf(html);
  for (const owner of owners) expect(owner, owner.id).toEqual({ id: owner.id, elements: ["form"] });
  // The add form, and the forms the address opens in their rows: m1's edit, m2's "Ask for approval".
  expect(owners.length).toBe(3);
  // The rows keep their anchors (activity links point at them).
  expect(html).toContain('id="milestone-m1"');
  expect(html).not.toContain('aria-label="Edit milestone Build"');
  expect(html).toContain('aria-label="Edit milestone Design"');
});
