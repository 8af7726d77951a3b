import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { expect, test } from "vitest";
import routes from "~/routes";
import { createRouteLabeller, type ManifestRoute } from "~/server/http/route-label.server";

// The server build's route manifest, as React Router derives it from app/routes.ts: ids are the
// module files without their extension, under "root".
function manifestOf(entries: RouteConfigEntry[], parentId: string, into: Record<string, ManifestRoute>): Record<string, ManifestRoute> {
  for (const entry of entries) {
    const id = entry.file.replace(/\.tsx?$/, "");
    into[id] = { id, parentId, path: entry.path, index: entry.index };
    manifestOf(entry.children ?? [], id, into);
  }
  return into;
}
const manifest = manifestOf(routes, "root", { root: { id: "root", path: "" } });

function routerTree(parentId: string | undefined): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) => (route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: routerTree(route.id) }));
}
const tree = routerTree(undefined);

/** What React Router itself answers a path with: its deepest match. */
function reactRoutersChoice(path: string): string | undefined {
  return matchRoutes(tree, path)?.at(-1)?.route.id;
}

/** Every pattern of the table, filled with a made-up id, and the same in other spellings. */
function probes(): string[] {
  const paths = Object.values(manifest).map((route) => {
    let path = "";
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest[at.parentId] : undefined) {
      if (at.path) path = `/${at.path}${path}`;
    }
    return (path || "/").replace(/:\w+/g, "id-123").replace("*", "deep/er");
  });
  return paths.flatMap((path) => [path, `${path}/`, path.toUpperCase(), `${path}/extra`, `${path}/extra/more`]);
}

test("Every path of the route table gets the route id React Router would answer it with", () => {
  const label = createRouteLabeller(manifest);
  const paths = probes();
  expect(paths.length).toBeGreaterThan(400);
  for (const path of paths) expect([path, label(path)]).toEqual([path, reactRoutersChoice(path)]);
});

test("A page's data request is labelled with the page's route, and an unknown path with the catch-all", () => {
  const label = createRouteLabeller(manifest);
  expect(label("/_root.data")).toBe("routes/marketing/home");
  expect(label("/careers.data")).toBe("routes/marketing/careers");
  expect(label("/user-dashboard/projects/p1/files.data")).toBe("routes/portal/project-files");
  expect(label("/no/such/page")).toBe("routes/marketing/not-found");
  expect(label("/%73ervices")).toBe("routes/marketing/services");
  expect(label("/%E0%A4%A")).toBe("routes/marketing/not-found");
});

test("Record ids never become labels, however many paths are seen", () => {
  const label = createRouteLabeller(manifest);
  const seen = new Set<string>();
  for (let i = 0; i < 5_000; i++) seen.add(label(`/employee-dashboard/leads/${i}`));
  expect([...seen]).toEqual(["routes/console/lead"]);
});

test("A route table with an optional segment is refused rather than mislabelled", () => {
  expect(() => createRouteLabeller({ root: { id: "root", path: "" }, a: { id: "a", parentId: "root", path: "docs/:lang?" } })).toThrow(
    /optional segments/,
  );
});
