import { problemOf, type Problem, type ProblemType } from "~/lib/api/problems";

// RFC 9457 problem details, the API's only error body (decision 0104). Never cached: the answer
// depends on the token.

export function problemResponse(problem: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...headers },
  });
}

export function problem(
  type: ProblemType,
  detail?: string,
  options: { errors?: Problem["errors"]; instance?: string; headers?: Record<string, string> } = {},
): Response {
  return problemResponse(problemOf(type, detail, { errors: options.errors, instance: options.instance }), options.headers);
}

/** A JSON answer of the API. */
export function apiJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
