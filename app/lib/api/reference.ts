import { API_BASE } from "./operations";
import { PROBLEM_TYPES, type ProblemType } from "./problems";

// The staff reference page's view of the OpenAPI document: plain rows a server-rendered page
// lists, so the page needs no script of its own to read the document.

type Json = Record<string, unknown>;

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  scope: string;
  parameters: (FieldRow & { in: string })[];
  body?: string;
  response: string;
  status: string;
}

export interface ReferenceView {
  baseUrl: string;
  description: string;
  groups: { tag: string; operations: OperationView[] }[];
  schemas: { name: string; description?: string; fields: FieldRow[] }[];
  problems: { type: ProblemType; status: number; title: string }[];
}

const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** A JSON Schema as a short type text: "string (date-time)", "Lead[]", "new | won", "string or null". */
export function typeText(schema: Json | undefined): string {
  if (!schema) return "any";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => String(v)).join(" | ");
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeText).join(" or ");
  if (schema.type === "array") return `${typeText(schema.items as Json)}[]`;
  if (schema.type === "object" && schema.properties) return "object";
  const format = typeof schema.format === "string" ? ` (${schema.format})` : "";
  return `${String(schema.type ?? "any")}${format}`;
}

function fieldsOf(schema: Json): FieldRow[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeText(property),
    required: required.has(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
  }));
}

function responseOf(operation: Json): { status: string; response: string } {
  const responses = operation.responses as Record<string, Json>;
  const status = Object.keys(responses).find((code) => code.startsWith("2")) ?? "200";
  const content = (responses[status]?.content ?? {}) as Record<string, Json>;
  const json = content["application/json"]?.schema as Json | undefined;
  return { status, response: json ? typeText(json) : "the file's bytes" };
}

export function referenceView(document: Json): ReferenceView {
  const groups = new Map<string, OperationView[]>();
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = ((operation.tags as string[]) ?? ["other"])[0]!;
      const security = (operation.security as Record<string, string[]>[])[0] ?? {};
      const body = ((operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.["application/json"];
      const view: OperationView = {
        id: String(operation.operationId),
        method: method.toUpperCase(),
        path: `${API_BASE}${path}`,
        summary: String(operation.summary),
        scope: Object.values(security).flat().join(" "),
        parameters: ((operation.parameters ?? []) as Json[]).map((p) => ({
          name: String(p.name),
          in: String(p.in),
          type: typeText(p.schema as Json),
          required: Boolean(p.required),
          ...(typeof p.description === "string" ? { description: p.description } : {}),
        })),
        ...(body ? { body: typeText(body.schema as Json) } : {}),
        ...responseOf(operation),
      };
      groups.set(tag, [...(groups.get(tag) ?? []), view]);
    }
  }
  const components = (document.components as Json).schemas as Record<string, Json>;
  const info = document.info as Json;
  return {
    baseUrl: String(((document.servers as Json[])[0] ?? {}).url ?? API_BASE),
    description: String(info.description ?? ""),
    groups: [...groups].map(([tag, operations]) => ({ tag, operations })),
    schemas: Object.entries(components).map(([name, schema]) => ({
      name,
      ...(typeof schema.description === "string" ? { description: schema.description } : {}),
      fields: fieldsOf(schema),
    })),
    problems: (Object.keys(PROBLEM_TYPES) as ProblemType[]).map((type) => ({ type, ...PROBLEM_TYPES[type] })),
  };
}
