import { API_BASE, operationsOf, type ApiOperation } from "~/lib/api/operations";
import { isRefusal } from "~/lib/refusal";
import { authenticateApiToken, recordApiTokenUse, type ApiPrincipal } from "~/server/models/api/api-tokens.server";
import { hitApiRateLimit } from "~/server/defence/api-limits.server";
import { apiJson, problem } from "~/server/http/problem.server";
import { logger } from "~/server/logger.server";
import { ApiFieldErrors, fieldErrorsOf, type ApiHandler } from "./api-call.server";
import { pipelineHandlers } from "./handlers-pipeline.server";
import { clientHandlers } from "./handlers-clients.server";
import { supportHandlers } from "./handlers-support.server";

// Every API call, in this order (decision 0104): the operation for the method, a bearer token (401),
// the token's rate (429), its scope (403), the query and body against the operation's schemas
// (400), then the handler; a model's refusal becomes the problem of its kind. Cookies are never
// read here: a browser's session opens nothing in the API.

const HANDLERS: Record<string, ApiHandler> = { ...pipelineHandlers, ...clientHandlers, ...supportHandlers };
const MAX_BODY_BYTES = 64 * 1024;

const REFUSAL_PROBLEMS = {
  "not-found": "not-found",
  conflict: "conflict",
  refused: "refused",
  gone: "gone",
  invalid: "invalid",
  unprocessable: "unprocessable",
} as const;

function bearerOf(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

const UNAUTHORIZED = { "WWW-Authenticate": 'Bearer realm="api"' };

async function authenticate(request: Request): Promise<ApiPrincipal | Response> {
  const token = bearerOf(request);
  if (!token) return problem("invalid-token", "Send an API token: Authorization: Bearer ak_…", { headers: UNAUTHORIZED });
  const result = await authenticateApiToken(token);
  if (result.ok) return result.principal;
  const detail = { unknown: "This token is not known.", expired: "This token has expired.", revoked: "This token was revoked." }[
    result.reason === "active" ? "unknown" : result.reason
  ];
  return problem("invalid-token", detail, { headers: { "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"' } });
}

function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

async function bodyOf(request: Request): Promise<Record<string, unknown> | Response> {
  if (!/^application\/(.+\+)?json\b/i.test(request.headers.get("content-type") ?? ""))
    return problem("unsupported-media-type", "Send the body as JSON (Content-Type: application/json).");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return problem("invalid", "The body is too large.");
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below, as any body that is not a JSON object.
  }
  return problem("invalid", "The body must be a JSON object.");
}

async function run(op: ApiOperation, principal: ApiPrincipal, request: Request, id: string): Promise<Response> {
  const query = op.query ? op.query.safeParse(queryOf(request)) : undefined;
  if (query && !query.success) return problem("invalid", "A query parameter is not valid.", { errors: fieldErrorsOf(query.error) });
  let body: Record<string, unknown> = {};
  if (op.body) {
    const raw = await bodyOf(request);
    if (raw instanceof Response) return raw;
    const parsed = op.body.safeParse(raw);
    if (!parsed.success) return problem("invalid", "A field is not valid.", { errors: fieldErrorsOf(parsed.error) });
    // The handler re-checks with the form's own schema; the raw JSON keeps which fields were sent.
    body = raw;
  }
  const answer = await HANDLERS[op.id]!({ actor: principal.actor, id, query: query?.data ?? {}, body, request });
  return answer instanceof Response ? answer : apiJson(answer, op.status);
}

/** Answers one API request for the path template `path` ("/leads/{id}"). */
export async function answerApi(request: Request, path: string, params: { id?: string } = {}): Promise<Response> {
  const method = request.method === "HEAD" ? "get" : request.method.toLowerCase();
  const operations = operationsOf(path);
  const op = operations.find((candidate) => candidate.method === method);
  const instance = `${API_BASE}${path.replace("{id}", params.id ?? "")}`;
  if (!op) {
    const allow = operations.map((o) => o.method.toUpperCase()).join(", ");
    return problem("method-not-allowed", `Use ${allow}.`, { instance, headers: { Allow: allow } });
  }
  const principal = await authenticate(request);
  if (principal instanceof Response) return principal;
  const wait = await hitApiRateLimit(principal.tokenId);
  if (wait !== null)
    return problem("rate-limited", `Try again in ${wait} seconds.`, { instance, headers: { "Retry-After": String(wait) } });
  await recordApiTokenUse(principal.tokenId);
  if (!principal.scopes.has(op.scope)) return problem("insufficient-scope", `This needs the scope ${op.scope}.`, { instance });
  try {
    return await run(op, principal, request, params.id ?? "");
  } catch (error) {
    if (error instanceof ApiFieldErrors) return problem("invalid", "A field is not valid.", { errors: error.errors, instance });
    if (isRefusal(error)) {
      const errors = error.field ? [{ field: error.field, message: error.message }] : undefined;
      return problem(REFUSAL_PROBLEMS[error.kind], error.message, { errors, instance });
    }
    logger.error({ err: error, operation: op.id }, "api call failed");
    return problem("server-error", undefined, { instance });
  }
}
