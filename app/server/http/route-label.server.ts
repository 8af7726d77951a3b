/** What the build's route manifest says of a route (`build.routes`). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** The label of a file sirv served from build/client. */
export const STATIC_ROUTE_LABEL = "static";
/** The label of a path no route matches (the route table's "*" normally catches them all). */
export const UNMATCHED_ROUTE_LABEL = "unmatched";

// A metric label must take few values: the route id (app/routes.ts has about a hundred), never
// the path, which carries record ids. React Router's own `matchRoutes` ranks the whole table
// again on every call (about a millisecond here), so the table is ranked once below, the same
// way; paths repeat, so their labels are also kept, in a memo emptied when full.
const MEMO_SIZE = 2_000;
const MEMO_PATH_LENGTH = 200;

interface Branch {
  id: string;
  pattern: RegExp;
  score: number;
}

/** React Router's ranking (computeScore): static segments beat dynamic ones, a splat loses. */
function scoreOf(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function patternOf(path: string, caseSensitive: boolean): RegExp {
  const segments = path.split("/").filter(Boolean);
  // React Router turns an optional segment into several branches; labelled here as one, it would
  // quietly mislabel, so the server refuses to start instead.
  if (segments.some((segment) => segment.endsWith("?"))) throw new Error(`route labels: optional segments are not supported (${path})`);
  const splat = segments.at(-1) === "*";
  const fixed = (splat ? segments.slice(0, -1) : segments).map((segment) =>
    segment.startsWith(":") ? "/[^/]+" : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
  );
  const tail = splat ? "(?:/.*)?" : "/*";
  return new RegExp(`^${fixed.join("")}${tail}$`, caseSensitive ? "" : "i");
}

/** A child's full path as React Router joins it (joinPaths): an index keeps its parent's, slash added. */
function join(parent: string, child: string | undefined): string {
  return `${parent}/${child ?? ""}`.replace(/\/\/+/g, "/");
}

/** Every route that can be the deepest match, with its full path, best-ranked first. */
function branches(manifest: Record<string, ManifestRoute | undefined>): Branch[] {
  const routes = Object.values(manifest).filter((route): route is ManifestRoute => route !== undefined);
  const found: (Branch & { order: number })[] = [];
  const walk = (parentId: string | undefined, parentPath: string) => {
    for (const route of routes.filter((r) => r.parentId === parentId)) {
      const path = join(parentPath, route.path);
      walk(route.id, path);
      if (route.path === undefined && !route.index) continue;
      found.push({
        id: route.id,
        pattern: patternOf(path, route.caseSensitive === true),
        score: scoreOf(path, route.index === true),
        order: found.length,
      });
    }
  };
  walk(undefined, "");
  return found.sort((a, b) => b.score - a.score || a.order - b.order);
}

/** A single-fetch URL (`/x.data`, `/_root.data`) names the page it loads, as React Router reads it. */
function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  if (!page.includes("%")) return page;
  try {
    return decodeURI(page);
  } catch {
    return page;
  }
}

/**
 * Labels a path with the id of the route React Router answers it with (the deepest match,
 * e.g. `routes/portal/project`). `manifest` is the server build's `routes`.
 */
export function createRouteLabeller(manifest: Record<string, ManifestRoute | undefined>): (pathname: string) => string {
  const ranked = branches(manifest);
  const memo = new Map<string, string>();
  return (pathname) => {
    let label = memo.get(pathname);
    if (label !== undefined) return label;
    const path = pagePath(pathname);
    label = ranked.find((branch) => branch.pattern.test(path))?.id ?? UNMATCHED_ROUTE_LABEL;
    if (pathname.length > MEMO_PATH_LENGTH) return label;
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(pathname, label);
    return label;
  };
}
