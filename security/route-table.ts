import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../app/routes";

export interface TableRoute {
  /** The URL pattern as the route table builds it, e.g. "/employee-dashboard/leads/:id". */
  pattern: string;
  file: string;
  /** An index route: forms post to its pattern with "?index", or the parent layout answers. */
  index: boolean;
}

function join(parent: string, child: string | undefined): string {
  if (!child) return parent || "/";
  return `${parent === "/" ? "" : parent}/${child}`;
}

function flatten(entries: RouteConfigEntry[], parent: string): TableRoute[] {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? parent || "/" : join(parent, entry.path);
    return [{ pattern, file: entry.file, index: Boolean(entry.index) }, ...flatten(entry.children ?? [], pattern)];
  });
}

/** Every route of app/routes.ts with its full URL pattern (layouts and indexes included). */
export function routeTable(): TableRoute[] {
  return flatten(routes, "");
}

/** Whether the route's module exports a server action, i.e. answers POST with its own code. */
export async function exportsAction(route: TableRoute): Promise<boolean> {
  const module = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, "../app", route.file))) as Record<string, unknown>;
  return typeof module.action === "function";
}
