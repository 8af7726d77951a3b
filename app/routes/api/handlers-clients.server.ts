import type { z } from "~/lib/zod";
import type * as Q from "~/lib/api/requests";
import { companyResource } from "~/lib/api/resources";
import { companyDetailsSchema, newCompanySchema } from "~/lib/schemas/companies";
import { projectFormSchema } from "~/lib/schemas/projects-staff";
import { milestoneSchema } from "~/lib/schemas/milestones";
import { newId } from "~/lib/ids";
import { createCompany, updateCompany } from "~/server/models/companies/companies-staff.server";
import { createStaffProject, updateStaffProject } from "~/server/models/projects/projects-staff.server";
import { addMilestone, updateMilestone } from "~/server/models/projects/milestones.server";
import {
  getCompanyResource,
  getMemberResource,
  getMilestoneResource,
  getProjectResource,
  listCompanyResources,
  listMemberResources,
  listMilestoneResources,
  listProjectResources,
} from "~/server/models/api/api-reads.server";
import { formParse, found, merged, type ApiHandler } from "./api-call.server";

// Companies, members, projects and milestones: the console's Clients and project pages' model
// calls. A PATCH merges the sent fields into the record and checks the whole with the form's schema.

export const clientHandlers: Record<string, ApiHandler> = {
  listCompanies: ({ query }) => listCompanyResources(query as z.infer<typeof Q.companyQuery>),
  getCompany: async ({ id }) => found(await getCompanyResource(id), "company"),
  createCompany: async ({ actor, body }) =>
    companyResource(await createCompany(actor, formParse(newCompanySchema, { ...body, intent: "create" }))),
  updateCompany: async ({ actor, id, body }) => {
    const current = found(await getCompanyResource(id), "company");
    const input = formParse(companyDetailsSchema, {
      intent: "save",
      name: merged(body, "name", current.name),
      website: merged(body, "website", current.website),
      country: merged(body, "country", current.country),
    });
    await updateCompany(actor, id, input);
    return found(await getCompanyResource(id), "company");
  },
  listMembers: ({ query }) => listMemberResources(query as z.infer<typeof Q.memberQuery>),
  getMember: async ({ id }) => found(await getMemberResource(id), "member"),
  listProjects: ({ query }) => listProjectResources(query as z.infer<typeof Q.projectQuery>),
  getProject: async ({ id }) => found(await getProjectResource(id), "project"),
  createProject: async ({ actor, body }) => {
    const { companyId, ...fields } = body as { companyId: string };
    const project = await createStaffProject(actor, { companyId }, formParse(projectFormSchema, fields));
    return found(await getProjectResource(project.id), "project");
  },
  updateProject: async ({ actor, id, body }) => {
    const current = found(await getProjectResource(id), "project");
    const input = formParse(projectFormSchema, {
      title: merged(body, "title", current.title),
      description: merged(body, "description", current.description),
      status: merged(body, "status", current.status),
      startDate: merged(body, "startDate", current.startDate),
      dueDate: merged(body, "dueDate", current.dueDate),
      ownerId: merged(body, "ownerId", current.ownerId),
    });
    await updateStaffProject(actor, id, input);
    return found(await getProjectResource(id), "project");
  },
  listMilestones: ({ query }) => listMilestoneResources(query as z.infer<typeof Q.milestoneQuery>),
  getMilestone: async ({ id }) => found(await getMilestoneResource(id), "milestone"),
  createMilestone: async ({ actor, body }) => {
    const { projectId, ...fields } = body as { projectId: string };
    const id = newId();
    await addMilestone(actor, projectId, formParse(milestoneSchema, fields), Date.now(), id);
    return found(await getMilestoneResource(id), "milestone");
  },
  updateMilestone: async ({ actor, id, body }) => {
    const current = found(await getMilestoneResource(id), "milestone");
    const input = formParse(milestoneSchema, {
      title: merged(body, "title", current.title),
      description: merged(body, "description", current.description),
      dueDate: merged(body, "dueDate", current.dueDate),
      status: merged(body, "status", current.status),
    });
    await updateMilestone(actor, current.projectId, id, input);
    return found(await getMilestoneResource(id), "milestone");
  },
};
