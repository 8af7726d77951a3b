import { data } from "react-router";

// Decision 0036: every workspace tab loads its project and its own data together, and
// answers an unknown project, or another company's, with the same 404.

export function projectNotFound() {
  return data("There is no project with this id.", { status: 404, statusText: "Project not found" });
}

/** The tab's project and its data, read at once; throws the 404 when either is missing. */
export async function loadWorkspaceTab<P, T>(project: Promise<P | undefined>, tab: Promise<T | undefined>): Promise<[P, T]> {
  const [found, rows] = await Promise.all([project, tab]);
  if (!found || rows === undefined) throw projectNotFound();
  return [found, rows];
}
