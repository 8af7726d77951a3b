import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import * as openapiRoute from "~/routes/api/openapi";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { api, API_MODULES, apiToken } from "../helpers/api";
import { RESUME_BYTES, seedApiWorld, type ApiWorld } from "../helpers/api-world";

// The OpenAPI document validates as OpenAPI 3.1, and every operation in it is called: each answer
// must match the schema the document gives for its status, successes and problems alike.

type Json = Record<string, unknown>;
type Operation = { operationId: string; responses: Record<string, { content?: Record<string, { schema?: Json }> }> };

async function openApi(): Promise<Json & { paths: Record<string, Record<string, Operation>> }> {
  const response = openapiRoute.loader();
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return (await response.json()) as never;
}

/** What each operation is called with: its path's id and body, from the seeded world. */
function callFor(w: ApiWorld, seq: number): Record<string, { id?: string; body?: Json; query?: string }> {
  return {
    listLeads: { query: "?limit=2&status=new" },
    createLead: {
      body: {
        name: "Api Lead",
        email: `api-lead-${seq}@example.com`,
        phone: "+91 98200 12345",
        requirement: "From the CRM.",
        consent: CURRENT_CONSENT_VERSION,
      },
    },
    getLead: { id: w.lead.id },
    updateLead: { id: w.lead.id, body: { status: "contacted" } },
    listApplications: { query: `?openingId=${w.openingId}` },
    getApplication: { id: w.applicationId },
    updateApplication: { id: w.applicationId, body: { stage: "reviewing" } },
    getApplicationResume: { id: w.applicationId },
    listCompanies: { query: "?status=open&updatedSince=2020-01-01T00:00:00Z" },
    createCompany: { body: { name: `Api Company ${seq}`, website: "example.org" } },
    getCompany: { id: w.companyId },
    updateCompany: { id: w.companyId, body: { country: "India" } },
    listMembers: { query: `?companyId=${w.companyId}` },
    getMember: { id: w.member.id },
    listProjects: { query: `?companyId=${w.companyId}` },
    createProject: { body: { companyId: w.companyId, title: `Api project ${seq}`, description: "From the CRM.", status: "planned" } },
    getProject: { id: w.project.id },
    updateProject: { id: w.project.id, body: { status: "in_progress", dueDate: "2030-01-31" } },
    listMilestones: { query: `?projectId=${w.project.id}` },
    createMilestone: { body: { projectId: w.project.id, title: "Build", status: "planned", dueDate: "2030-01-15" } },
    getMilestone: { id: w.milestoneId },
    updateMilestone: { id: w.milestoneId, body: { status: "done" } },
    listSupportRequests: { query: "?status=Pending" },
    getSupportRequest: { id: w.complaint.id },
    updateSupportRequest: { id: w.complaint.id, body: { priority: "high" } },
    createSupportReply: { id: w.complaint.id, body: { text: "Fixed now." } },
  };
}

describe.each(testDatabases("api-openapi"))("The OpenAPI document on $name", (database) => {
  let cleanup: () => Promise<void>;
  let world: ApiWorld;
  let token: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    world = await seedApiWorld();
    ({ token } = await apiToken(world.admin));
  });
  afterAll(async () => cleanup());

  test("The document served at /api/v1/openapi.json is valid OpenAPI 3.1", async () => {
    const document = await openApi();
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test("Every path of the document has its route, and every route's path is in the document", async () => {
    const document = await openApi();
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(API_MODULES).sort());
  });

  test("Every operation answers its documented status and schema; unknown ids and missing tokens answer documented problems", async () => {
    const document = await openApi();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: "openapi.json", components: document.components });
    const check = (schema: Json | undefined, body: unknown, label: string) => {
      expect(schema, `${label}: documented schema`).toBeDefined();
      const validate = ajv.compile({ $ref: `openapi.json${String((schema as { $ref: string }).$ref)}` });
      expect(validate(body) ? [] : validate.errors, label).toEqual([]);
    };
    // The checker itself refuses a body that breaks the schema.
    expect(ajv.compile({ $ref: "openapi.json#/components/schemas/Lead" })({ object: "lead" })).toBe(false);
    const calls = callFor(world, Date.now());
    const called = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const spec = calls[operation.operationId];
        expect(spec, `an example call for ${operation.operationId}`).toBeDefined();
        const url = path.replace("{id}", spec!.id ?? "") + (spec!.query ?? "");
        const answer = await api(method.toUpperCase(), url, { token, body: spec!.body });
        const status = String(answer.status);
        const documented = operation.responses[status];
        expect(documented, `${operation.operationId} answered ${status}: ${JSON.stringify(answer.json)}`).toBeDefined();
        expect(status.startsWith("2"), `${operation.operationId}: ${JSON.stringify(answer.json)}`).toBe(true);
        if (operation.operationId === "getApplicationResume") {
          expect(Buffer.from(await answer.response.arrayBuffer()).equals(RESUME_BYTES)).toBe(true);
        } else {
          check(documented!.content?.["application/json"]?.schema, answer.json, operation.operationId);
          if (Array.isArray(answer.json.data))
            expect(answer.json.data.length, `${operation.operationId} lists something`).toBeGreaterThan(0);
        }
        // The same operation without a token: its documented 401 problem.
        const anonymous = await api(method.toUpperCase(), url, { body: spec!.body });
        expect(anonymous.status).toBe(401);
        expect(anonymous.headers.get("content-type")).toBe("application/problem+json");
        check(operation.responses["401"]!.content?.["application/problem+json"]?.schema, anonymous.json, `${operation.operationId} 401`);
        if (path.includes("{id}")) {
          const missing = await api(method.toUpperCase(), path.replace("{id}", "no-such-id"), { token, body: spec!.body });
          expect(missing.status, `${operation.operationId} with an unknown id`).toBe(404);
          check(operation.responses["404"]!.content?.["application/problem+json"]?.schema, missing.json, `${operation.operationId} 404`);
        }
        called.add(operation.operationId);
      }
    }
    expect([...called].sort()).toEqual(Object.keys(calls).sort());
  });
});
