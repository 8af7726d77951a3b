import type { LinkableProject } from "~/lib/invoice-links";
import { db, type Executor } from "~/server/db/db.server";

// The work an invoice line may name: one of the invoice's company's projects, or a milestone of
// one. The editor offers these; the draft's save checks them again (checkLinks in invoices.server.ts).

/** The company's projects with their milestones, for the line's picker. */
export async function linkableWork({ companyId }: { companyId: string }): Promise<LinkableProject[]> {
  const projects = await db()
    .selectFrom("projects")
    .select(["id", "title"])
    .where("companyId", "=", companyId)
    .orderBy("title")
    .orderBy("id")
    .execute();
  if (projects.length === 0) return [];
  const milestones = await db()
    .selectFrom("milestones")
    .select(["id", "projectId", "title"])
    .where(
      "projectId",
      "in",
      projects.map((p) => p.id),
    )
    .orderBy("position")
    .orderBy("id")
    .execute();
  return projects.map((p) => ({
    id: p.id,
    title: p.title,
    milestones: milestones.filter((m) => m.projectId === p.id).map((m) => ({ id: m.id, title: m.title })),
  }));
}

/** "Website redesign · Launch": what each line's link reads as, by line id (lines without one are left out). */
export async function workNames(
  executor: Executor,
  lines: { id: string; projectId: string | null; milestoneId: string | null }[],
): Promise<Map<string, string>> {
  const projectIds = [...new Set(lines.map((l) => l.projectId).filter((id): id is string => id !== null))];
  const milestoneIds = [...new Set(lines.map((l) => l.milestoneId).filter((id): id is string => id !== null))];
  const [projects, milestones] = await Promise.all([
    projectIds.length ? executor.selectFrom("projects").select(["id", "title"]).where("id", "in", projectIds).execute() : [],
    milestoneIds.length ? executor.selectFrom("milestones").select(["id", "title"]).where("id", "in", milestoneIds).execute() : [],
  ]);
  const project = new Map(projects.map((p) => [p.id, p.title]));
  const milestone = new Map(milestones.map((m) => [m.id, m.title]));
  const names = new Map<string, string>();
  for (const line of lines) {
    const parts = [
      line.projectId ? project.get(line.projectId) : undefined,
      line.milestoneId ? milestone.get(line.milestoneId) : undefined,
    ];
    const text = parts.filter((p): p is string => Boolean(p)).join(" · ");
    if (text) names.set(line.id, text);
  }
  return names;
}
