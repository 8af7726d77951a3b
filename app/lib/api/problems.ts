import { z } from "~/lib/zod";
import { apiRegistry } from "./resource-fields";

// Errors as RFC 9457 problem details (application/problem+json). `type` names the kind of
// problem; the API reference page has a section per type at the same anchor.

export const PROBLEM_TYPES = {
  "invalid-token": { status: 401, title: "Missing, unknown, expired or revoked token" },
  "insufficient-scope": { status: 403, title: "The token's scopes do not include this" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "The record's state forbids this" },
  invalid: { status: 400, title: "The request is not valid" },
  refused: { status: 403, title: "Refused" },
  gone: { status: 410, title: "Gone" },
  unprocessable: { status: 422, title: "The record cannot take this part" },
  "unsupported-media-type": { status: 415, title: "Send JSON" },
  "rate-limited": { status: 429, title: "Too many requests" },
  "server-error": { status: 500, title: "Something went wrong" },
} as const;
export type ProblemType = keyof typeof PROBLEM_TYPES;

/** Where a problem type is explained: the staff reference page's section. */
export const problemTypeUri = (type: ProblemType) => `/employee-dashboard/api#problem-${type}`;

export const problemSchema = z
  .object({
    type: z.string().describe("A URI reference naming the kind of problem."),
    title: z.string(),
    status: z.int().min(400).max(599),
    detail: z.string().optional(),
    instance: z.string().optional().describe("The request's path."),
    errors: z
      .array(z.object({ field: z.string().describe('The field\'s path, "status" or "companyId".'), message: z.string() }))
      .optional()
      .describe("One entry per invalid field."),
  })
  .register(apiRegistry, { id: "Problem", description: "An error, as RFC 9457 problem details." });
export type Problem = z.infer<typeof problemSchema>;

export function problemOf(type: ProblemType, detail?: string, extra: Partial<Pick<Problem, "errors" | "instance">> = {}): Problem {
  const { status, title } = PROBLEM_TYPES[type];
  return { type: problemTypeUri(type), title, status, ...(detail ? { detail } : {}), ...extra };
}
