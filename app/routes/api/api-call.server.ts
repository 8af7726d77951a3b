import type { z } from "~/lib/zod";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";

// What a handler of the API gets, and how it says a form's rule was broken: the same Zod schema as
// the console's form, its issues as the problem's field errors.

export interface ApiCall {
  actor: Actor;
  /** The path's {id}, when it has one. */
  id: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  request: Request;
}

export type ApiHandler = (call: ApiCall) => Promise<unknown>;

/** The form's schema broke on these fields: answered as a 400 problem listing each. */
export class ApiFieldErrors extends Error {
  constructor(readonly errors: { field: string; message: string }[]) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join("; "));
  }
}

export function fieldErrorsOf(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.flatMap((issue) => {
    const at = issue.path.map(String);
    // A misspelt or unknown field is named itself, so the caller sees which one.
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => ({ field: [...at, key].join("."), message: "Unknown field." }));
    return [{ field: at.join(".") || "body", message: issue.message }];
  });
}

/** Parses with a form's own schema, so the API refuses what the form refuses, with its words. */
export function formParse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiFieldErrors(fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** A read that found nothing. */
export function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Refusal("not-found", `No ${what} with this id.`);
  return value;
}

/** A PATCH body's field when sent (null clears it), else the record's current value. */
export function merged<T>(body: Record<string, unknown>, key: string, current: T): unknown {
  if (!(key in body)) return current ?? undefined;
  return body[key] ?? undefined;
}
