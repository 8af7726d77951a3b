import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import type * as ReactRouter from "react-router";

// The production build of react-router, which `npm run build` bundles (vite.config.ts), with
// patches/react-router+7.18.4.patch applied by `npm install` (docs/decisions/0022).
const productionBuild = new URL("../../node_modules/react-router/dist/production/", import.meta.url);
const rr = (await import(new URL("index.mjs", productionBuild).href)) as typeof ReactRouter;
const { Link, NavLink, Outlet, StaticRouterProvider, createStaticHandler, createStaticRouter } = rr;

function Layout() {
  return (
    <>
      <NavLink to="/services" end>
        Services
      </NavLink>
      <Outlet />
    </>
  );
}

function Page() {
  return (
    <p>
      <Link to="/careers">Careers</Link> <Link to="details">Details</Link> <Link to="..">Up</Link>{" "}
      <Link to="//example.com/x">Protocol-relative</Link> <Link to={{ pathname: "/careers", search: "?team=qa" }}>Object</Link>{" "}
      <Link to={{ search: "?page=2" }}>Same page</Link>
    </p>
  );
}

function appRoutes() {
  return [
    {
      id: "root",
      path: "/",
      Component: Layout,
      children: [
        { id: "services", path: "services", Component: Page },
        { id: "service", path: "service/:slug", Component: Page },
        { id: "opening", path: "careers/:id", Component: Page },
      ],
    },
  ];
}

const handler = createStaticHandler(appRoutes());

async function render(path: string) {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return { context, html: renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />) };
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

test("npm install applies our react-router patch to the production build it bundles", () => {
  const chunks = ["chunk-G2MPF4YY.mjs", "chunk-Q34X6AWR.mjs"].map((name) => readFileSync(new URL(name, productionBuild), "utf8"));
  expect(chunks[0]).toContain("function getCachedServerRoutes(");
  expect(chunks[0]).toContain("entryRouteModulesCache.get(manifest)");
  expect(chunks[1]).toContain("function getMatchCache(");
  expect(chunks[1]).toContain("function resolveAbsoluteTo(");
});

test("A path matched before still gets its own params, and changing them does not leak into the next match", async () => {
  const first = await render("/service/web-development");
  expect(first.context.matches.map((m) => m.route.id)).toEqual(["root", "service"]);
  expect(first.context.matches[1]!.params).toEqual({ slug: "web-development" });
  (first.context.matches[1]!.params as Record<string, string>).slug = "tampered";
  (first.context.matches as unknown[]).length = 0;

  await render("/careers/42");
  const again = await render("/service/web-development");
  expect(again.context.matches.map((m) => m.route.id)).toEqual(["root", "service"]);
  expect(again.context.matches[1]!.params).toEqual({ slug: "web-development" });
  expect(again.context.matches[0]!.params).toBe(again.context.matches[1]!.params);

  const other = await render("/service/mobile-apps");
  expect(other.context.matches[1]!.params).toEqual({ slug: "mobile-apps" });
});

test("An unknown path is a 404 every time it is asked for", async () => {
  for (let i = 0; i < 2; i++) {
    const context = await handler.query(new Request("http://localhost/nowhere"));
    expect(context instanceof Response ? context.status : context.statusCode).toBe(404);
  }
});

test("Absolute links resolve the same on every page; relative ones still resolve from their route", async () => {
  const onService = hrefs((await render("/service/web-development")).html);
  expect(onService).toEqual([
    "/services",
    "/careers",
    "/service/web-development/details",
    "/",
    "//example.com/x",
    "/careers?team=qa",
    "/service/web-development?page=2",
  ]);

  const onOpening = hrefs((await render("/careers/42")).html);
  expect(onOpening).toEqual([
    "/services",
    "/careers",
    "/careers/42/details",
    "/",
    "//example.com/x",
    "/careers?team=qa",
    "/careers/42?page=2",
  ]);
});

test("NavLink marks only the page it points to as current", async () => {
  const services = (await render("/services")).html;
  expect(services).toMatch(/<a aria-current="page" class="active" href="\/services"/);
  const service = (await render("/service/web-development")).html;
  expect(service).not.toContain('aria-current="page"');
});

test("NavLink still compares an encoded pathname with the location", async () => {
  function CafeNav() {
    return (
      <NavLink to="/café" end>
        Café
      </NavLink>
    );
  }
  const cafeHandler = createStaticHandler([{ id: "root", path: "/", Component: CafeNav, children: [{ id: "cafe", path: "café" }] }]);
  const context = await cafeHandler.query(new Request("http://localhost/caf%C3%A9"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(cafeHandler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  expect(html).toContain('aria-current="page"');
});

test("A link whose path object puts a query in its pathname is still refused", async () => {
  function Broken() {
    return <Link to={{ pathname: "/careers?team=qa" }}>Broken</Link>;
  }
  const brokenHandler = createStaticHandler([{ id: "root", path: "/", Component: Broken }]);
  const context = await brokenHandler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(brokenHandler.dataRoutes, context);
  expect(() => renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)).toThrow(
    /Cannot include a '\?' character in a manually specified `to.pathname` field/,
  );
});
