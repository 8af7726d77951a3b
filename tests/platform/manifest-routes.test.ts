import { expect, test } from "vitest";
// @ts-expect-error -- a build script in plain JavaScript, without types
import { unreachableByRouter } from "../../scripts/manifest-routes.mjs";

const routes = {
  root: { path: "", hasLoader: true, hasDefaultExport: true },
  "routes/console/layout": { parentId: "root", path: "employee-dashboard", hasLoader: true, hasDefaultExport: true },
  "routes/console/leads": { parentId: "routes/console/layout", path: "leads", hasLoader: true, hasDefaultExport: true },
  "routes/console/leads-export": { parentId: "routes/console/layout", path: "leads/export", hasLoader: true },
  "routes/console/project-delete": { parentId: "routes/console/layout", path: "projects/:id/delete", hasAction: true, hasLoader: true },
  "routes/resources/file-download": { parentId: "root", path: "files/:id", hasLoader: true },
  "routes/resources/auth-api": { parentId: "root", path: "api/auth/*", hasAction: true, hasLoader: true },
  "routes/resources/apply-submit": { parentId: "root", path: "apply/:id/submit", hasAction: true, hasLoader: true },
  "routes/resources/api-layout": { parentId: "root", path: "api/v1", hasLoader: true },
  "routes/resources/api-leads": { parentId: "routes/resources/api-layout", path: "leads", hasAction: true, hasLoader: true },
};

test("Downloads, feeds and /api endpoints are left out of the client's manifest, pages and form actions stay", () => {
  expect(new Set(unreachableByRouter(routes))).toEqual(
    new Set(["routes/console/leads-export", "routes/resources/file-download", "routes/resources/auth-api", "routes/resources/api-leads"]),
  );
});

test("A route with routes under it stays in the manifest even without a page, so its children still match", () => {
  expect(unreachableByRouter(routes)).not.toContain("routes/resources/api-layout");
  expect(unreachableByRouter(routes)).not.toContain("routes/console/layout");
});
