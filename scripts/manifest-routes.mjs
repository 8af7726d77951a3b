// Routes the browser's router never navigates to: a route with neither a page (default export)
// nor an action, and no routes under it, is a download, feed, event stream or probe that pages
// reach by a plain link, `reloadDocument` or `fetch`; and "/api/…" is only called by programs and
// by fetch (Better Auth's client, the provider webhooks, the token API). The server keeps them all
// (its own build has every route); only the client's copy leaves them out, so the manifest every
// page loads grows with pages, not with endpoints (decision 0020's budget).
export function unreachableByRouter(routes) {
  const parents = new Set(Object.values(routes).map((route) => route.parentId));
  const fullPath = (id) => {
    const route = routes[id];
    if (!route) return "";
    const above = fullPath(route.parentId);
    return [above, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(routes).filter((id) => {
    const route = routes[id];
    if (route.hasDefaultExport || parents.has(id)) return false;
    return !route.hasAction || /^api(\/|$)/.test(fullPath(id));
  });
}
