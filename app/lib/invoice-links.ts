// An invoice line's link to the work it bills: a project of the invoice's company, or one of its
// milestones. The editor's select sends one value, "project:<id>" or "milestone:<id>", that the
// schema turns into the line's projectId / milestoneId (a milestone's project is filled in by the model).

export interface LinkableProject {
  id: string;
  title: string;
  milestones: { id: string; title: string }[];
}

export const projectLink = (id: string) => `project:${id}`;
export const milestoneLink = (id: string) => `milestone:${id}`;

/** The select's value for a stored line: its milestone when it names one, else its project. */
export function linkValue(line: { projectId: string | null; milestoneId: string | null }): string {
  if (line.milestoneId) return milestoneLink(line.milestoneId);
  if (line.projectId) return projectLink(line.projectId);
  return "";
}
