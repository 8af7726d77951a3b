import { z } from "~/lib/zod";
import { API_BASE, API_OPERATIONS, type ApiOperation } from "./operations";
import { apiRegistry } from "./resource-fields";
import { API_SCOPE_LABELS, API_SCOPES } from "./scopes";
import { PROBLEM_TYPES } from "./problems";

// The OpenAPI 3.1 document, made from the operations table and the same Zod schemas the routes
// parse and answer with (z.toJSONSchema, JSON Schema 2020-12: OpenAPI 3.1's own dialect).

type Json = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** The answered resources, as named components referring to each other. */
function resourceComponents(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(apiRegistry, { target: "draft-2020-12", uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $id: _id, $schema: _schema, ...schema }]) => [id, schema as Json]));
}

/** A request's schema as the client writes it (before defaults and transforms). */
function inputSchema(schema: z.ZodType): Json {
  const { $schema: _schema, ...json } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  return json as Json;
}

const schemaId = (op: ApiOperation) => `${op.id[0]!.toUpperCase()}${op.id.slice(1)}Request`;

function responseRef(op: ApiOperation): string | undefined {
  if (op.response === "binary") return undefined;
  return apiRegistry.get(op.response)?.id;
}

const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: ref("Problem") } } });

function parameters(op: ApiOperation): Json[] {
  const list: Json[] = [];
  if (op.path.includes("{id}")) list.push({ name: "id", in: "path", required: true, schema: { type: "string" } });
  if (!op.query) return list;
  const json = inputSchema(op.query) as { properties?: Record<string, Json>; required?: string[] };
  for (const [name, schema] of Object.entries(json.properties ?? {})) {
    const { description, ...rest } = schema;
    list.push({
      name,
      in: "query",
      required: json.required?.includes(name) ?? false,
      schema: rest,
      ...(description ? { description } : {}),
    });
  }
  return list;
}

function operation(op: ApiOperation): Json {
  const answered = responseRef(op);
  const success =
    op.response === "binary"
      ? { description: "The file's bytes, with its own Content-Type.", content: { "application/octet-stream": {} } }
      : { description: "OK", content: { "application/json": { schema: ref(answered!) } } };
  const responses: Json = {
    [String(op.status)]: success,
    "401": problem("No token, or an unknown, expired or revoked one."),
    "403": problem(`The token lacks the scope ${op.scope}, or the change is refused.`),
    "429": { ...problem("Too many requests for this token."), headers: { "Retry-After": { schema: { type: "integer" } } } },
  };
  if (op.path.includes("{id}") || op.body) responses["404"] = problem("No such record.");
  if (op.query || op.body) responses["400"] = problem("A parameter or field is not valid: `errors` names each.");
  if (op.body) responses["409"] = problem("The record's state forbids the change.");
  return {
    operationId: op.id,
    summary: op.summary,
    tags: [op.area],
    security: [{ bearerToken: [op.scope] }],
    parameters: parameters(op),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: ref(schemaId(op)) } } } } : {}),
    responses,
  };
}

/** The whole document. `serverUrl` is the site's own address (APP_URL). */
export function openApiDocument(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  const requests: Record<string, Json> = {};
  for (const op of API_OPERATIONS) {
    (paths[op.path] ??= {})[op.method] = operation(op);
    if (op.body) requests[schemaId(op)] = inputSchema(op.body);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Agency API",
      version: "1.0.0",
      description:
        "Leads, applications, companies, members, projects, milestones and support requests. Authenticate with `Authorization: Bearer ak_…` (Console → Settings → API tokens). Lists are paged with an opaque cursor; errors are RFC 9457 problem details.",
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, "")}${API_BASE}` }],
    tags: [...new Set(API_OPERATIONS.map((op) => op.area))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...resourceComponents(), ...requests },
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: `An API token. Scopes: ${API_SCOPES.map((s) => `\`${s}\` (${API_SCOPE_LABELS[s]})`).join(", ")}.`,
        },
      },
    },
    "x-problem-types": Object.keys(PROBLEM_TYPES),
  };
}
