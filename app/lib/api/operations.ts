import type { z } from "~/lib/zod";
import type { ApiArea, ApiScope } from "./scopes";
import { listSchema } from "./resource-fields";
import * as R from "./resources";
import * as Q from "./requests";

// The API's table of operations: one entry per method and path, with the scope it needs and the
// schemas of what it reads and answers. The routes (app/routes/api/) answer from it and the
// OpenAPI document (openapi.ts) is made from it, so the two cannot drift apart.

export type ApiMethod = "get" | "post" | "patch";

export interface ApiOperation {
  id: string;
  method: ApiMethod;
  /** OpenAPI's template, under /api/v1: "/leads/{id}". */
  path: string;
  area: ApiArea;
  scope: ApiScope;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodObject;
  /** The JSON answered, or "binary" for a file's bytes. */
  response: z.ZodType | "binary";
  status: 200 | 201;
}

export const API_BASE = "/api/v1";

const leadList = listSchema(R.leadSchema, "LeadList");
const applicationList = listSchema(R.applicationSchema, "ApplicationList");
const companyList = listSchema(R.companySchema, "CompanyList");
const memberList = listSchema(R.memberSchema, "MemberList");
const projectList = listSchema(R.projectSchema, "ProjectList");
const milestoneList = listSchema(R.milestoneSchema, "MilestoneList");
const supportRequestList = listSchema(R.supportRequestSchema, "SupportRequestList");

type Entry = Omit<ApiOperation, "status" | "area"> & { status?: 201 };
const op = (entry: Entry): ApiOperation => ({ status: 200, area: entry.scope.split(":")[0] as ApiArea, ...entry });

export const API_OPERATIONS: readonly ApiOperation[] = [
  op({
    id: "listLeads",
    method: "get",
    path: "/leads",
    scope: "leads:read",
    summary: "List leads",
    query: Q.leadQuery,
    response: leadList,
  }),
  op({
    id: "createLead",
    method: "post",
    path: "/leads",
    scope: "leads:write",
    summary: "Create a lead (as the quote form does: staff are told, the person gets the confirmation mail)",
    body: Q.createLeadBody,
    response: R.leadSchema,
    status: 201,
  }),
  op({ id: "getLead", method: "get", path: "/leads/{id}", scope: "leads:read", summary: "Get a lead", response: R.leadSchema }),
  op({
    id: "updateLead",
    method: "patch",
    path: "/leads/{id}",
    scope: "leads:write",
    summary: "Change a lead's status",
    body: Q.updateLeadBody,
    response: R.leadSchema,
  }),
  op({
    id: "listApplications",
    method: "get",
    path: "/applications",
    scope: "applications:read",
    summary: "List job applications",
    query: Q.applicationQuery,
    response: applicationList,
  }),
  op({
    id: "getApplication",
    method: "get",
    path: "/applications/{id}",
    scope: "applications:read",
    summary: "Get a job application (its resume's details, not its bytes)",
    response: R.applicationSchema,
  }),
  op({
    id: "updateApplication",
    method: "patch",
    path: "/applications/{id}",
    scope: "applications:write",
    summary: "Change an application's stage",
    body: Q.updateApplicationBody,
    response: R.applicationSchema,
  }),
  op({
    id: "getApplicationResume",
    method: "get",
    path: "/applications/{id}/resume",
    scope: "applications:resume",
    summary: "Download an application's resume (recorded in the audit log)",
    response: "binary",
  }),
  op({
    id: "listCompanies",
    method: "get",
    path: "/companies",
    scope: "companies:read",
    summary: "List client companies",
    query: Q.companyQuery,
    response: companyList,
  }),
  op({
    id: "createCompany",
    method: "post",
    path: "/companies",
    scope: "companies:write",
    summary: "Create a client company",
    body: Q.createCompanyBody,
    response: R.companySchema,
    status: 201,
  }),
  op({
    id: "getCompany",
    method: "get",
    path: "/companies/{id}",
    scope: "companies:read",
    summary: "Get a company",
    response: R.companySchema,
  }),
  op({
    id: "updateCompany",
    method: "patch",
    path: "/companies/{id}",
    scope: "companies:write",
    summary: "Change a company's name, website or country",
    body: Q.updateCompanyBody,
    response: R.companySchema,
  }),
  op({
    id: "listMembers",
    method: "get",
    path: "/members",
    scope: "companies:read",
    summary: "List client companies' members",
    query: Q.memberQuery,
    response: memberList,
  }),
  op({ id: "getMember", method: "get", path: "/members/{id}", scope: "companies:read", summary: "Get a member", response: R.memberSchema }),
  op({
    id: "listProjects",
    method: "get",
    path: "/projects",
    scope: "projects:read",
    summary: "List projects",
    query: Q.projectQuery,
    response: projectList,
  }),
  op({
    id: "createProject",
    method: "post",
    path: "/projects",
    scope: "projects:write",
    summary: "Create a project for a company (as the console's New project form does)",
    body: Q.createProjectBody,
    response: R.projectSchema,
    status: 201,
  }),
  op({
    id: "getProject",
    method: "get",
    path: "/projects/{id}",
    scope: "projects:read",
    summary: "Get a project",
    response: R.projectSchema,
  }),
  op({
    id: "updateProject",
    method: "patch",
    path: "/projects/{id}",
    scope: "projects:write",
    summary: "Change a project (its status, dates, owner, title or description)",
    body: Q.updateProjectBody,
    response: R.projectSchema,
  }),
  op({
    id: "listMilestones",
    method: "get",
    path: "/milestones",
    scope: "projects:read",
    summary: "List milestones, in each project's order",
    query: Q.milestoneQuery,
    response: milestoneList,
  }),
  op({
    id: "createMilestone",
    method: "post",
    path: "/milestones",
    scope: "projects:write",
    summary: "Add a milestone at the end of a project's list",
    body: Q.createMilestoneBody,
    response: R.milestoneSchema,
    status: 201,
  }),
  op({
    id: "getMilestone",
    method: "get",
    path: "/milestones/{id}",
    scope: "projects:read",
    summary: "Get a milestone",
    response: R.milestoneSchema,
  }),
  op({
    id: "updateMilestone",
    method: "patch",
    path: "/milestones/{id}",
    scope: "projects:write",
    summary: "Change a milestone (marking it done tells the client)",
    body: Q.updateMilestoneBody,
    response: R.milestoneSchema,
  }),
  op({
    id: "listSupportRequests",
    method: "get",
    path: "/support-requests",
    scope: "support:read",
    summary: "List support requests",
    query: Q.supportRequestQuery,
    response: supportRequestList,
  }),
  op({
    id: "getSupportRequest",
    method: "get",
    path: "/support-requests/{id}",
    scope: "support:read",
    summary: "Get a support request with its replies (internal notes are not in the API)",
    response: R.supportRequestSchema,
  }),
  op({
    id: "updateSupportRequest",
    method: "patch",
    path: "/support-requests/{id}",
    scope: "support:write",
    summary: "Set a request's status (Pending or Resolved: the client is told) or priority",
    body: Q.updateSupportRequestBody,
    response: R.supportRequestSchema,
  }),
  op({
    id: "createSupportReply",
    method: "post",
    path: "/support-requests/{id}/replies",
    scope: "support:write",
    summary: "Reply to a request as the agency (the company's members are told)",
    body: Q.createSupportReplyBody,
    response: R.supportReplySchema,
    status: 201,
  }),
];

/** The operations of one path template, by method. */
export function operationsOf(path: string): ApiOperation[] {
  return API_OPERATIONS.filter((operation) => operation.path === path);
}
