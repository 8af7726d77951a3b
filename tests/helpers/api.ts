import { API_BASE, API_OPERATIONS } from "~/lib/api/operations";
import { API_SCOPES, type ApiScope } from "~/lib/api/scopes";
import { createApiToken } from "~/server/models/api/api-tokens.server";
import * as leads from "~/routes/api/leads";
import * as lead from "~/routes/api/lead";
import * as applications from "~/routes/api/applications";
import * as application from "~/routes/api/application";
import * as applicationResume from "~/routes/api/application-resume";
import * as companies from "~/routes/api/companies";
import * as company from "~/routes/api/company";
import * as members from "~/routes/api/members";
import * as member from "~/routes/api/member";
import * as projects from "~/routes/api/projects";
import * as project from "~/routes/api/project";
import * as milestones from "~/routes/api/milestones";
import * as milestone from "~/routes/api/milestone";
import * as supportRequests from "~/routes/api/support-requests";
import * as supportRequest from "~/routes/api/support-request";
import * as supportRequestReplies from "~/routes/api/support-request-replies";

// Calls the API's route modules as React Router would (the path's module, its loader for GET and
// action for the rest), with a bearer token: the same modules app/routes.ts lists.

type Module = { loader: (args: never) => Promise<Response>; action?: (args: never) => Promise<Response> };

/** Each path template of the OpenAPI document and the module app/routes.ts gives it. */
export const API_MODULES: Record<string, Module> = {
  "/leads": leads,
  "/leads/{id}": lead,
  "/applications": applications,
  "/applications/{id}": application,
  "/applications/{id}/resume": applicationResume,
  "/companies": companies,
  "/companies/{id}": company,
  "/members": members,
  "/members/{id}": member,
  "/projects": projects,
  "/projects/{id}": project,
  "/milestones": milestones,
  "/milestones/{id}": milestone,
  "/support-requests": supportRequests,
  "/support-requests/{id}": supportRequest,
  "/support-requests/{id}/replies": supportRequestReplies,
};

/** A fresh token with these scopes (every scope by default), made by `admin` as the console makes one. */
export async function apiToken(
  admin: { id: string; email: string },
  scopes: readonly ApiScope[] = API_SCOPES,
  { name = "Test integration", lifetimeDays = 30, now = Date.now() } = {},
) {
  return createApiToken({ ...admin, name: "Test Admin" }, { name, scopes, lifetimeDays }, now);
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  json: Record<string, unknown> & { data?: Record<string, unknown>[]; nextCursor?: string | null; errors?: { field: string }[] };
  response: Response;
}

function templateOf(path: string): { template: string; id?: string } {
  for (const template of Object.keys(API_MODULES)) {
    const pattern = new RegExp(`^${template.replace("{id}", "([^/]+)")}$`);
    const match = pattern.exec(path);
    if (match) return { template, id: match[1] };
  }
  throw new Error(`No API route for ${path}`);
}

/** One call: `path` under /api/v1 (with its query), a token or none, a JSON body. */
export async function api(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const [pathname] = path.split("?") as [string];
  const { template, id } = templateOf(pathname);
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    init.body = JSON.stringify(options.body);
  }
  const request = new Request(`http://localhost${API_BASE}${path}`, init);
  const module = API_MODULES[template]!;
  // A module without an action: React Router answers any other method with 405.
  const fn = method === "GET" || method === "HEAD" ? module.loader : (module.action ?? (async () => new Response(null, { status: 405 })));
  const response = await fn({ request, params: id ? { id } : {}, context: { clientIp: "203.0.113.9" } } as never);
  const type = response.headers.get("content-type") ?? "";
  const json = type.includes("json") ? ((await response.clone().json()) as ApiAnswer["json"]) : {};
  return { status: response.status, headers: response.headers, json, response };
}

/** Every operation's template, for checks that must cover them all. */
export const OPERATION_PATHS = [...new Set(API_OPERATIONS.map((op) => op.path))];
