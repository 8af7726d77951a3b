import { z } from "~/lib/zod";

// The building blocks the API's resource schemas share, and the registry the OpenAPI document is
// made from: a schema registered with an id becomes a named component ($ref) in the document.

export interface ApiSchemaMeta {
  id: string;
  description?: string;
}

export const apiRegistry = z.registry<ApiSchemaMeta>();

/** A moment, ISO 8601 in UTC with milliseconds ("2026-12-02T11:00:00.000Z"). */
export const instant = z.iso.datetime();
export const nullableInstant = instant.nullable();

/** A calendar date without a time of day (a due date): YYYY-MM-DD. */
export const calendarDate = z.iso.date();

export const money = z
  .object({
    amount: z.int().describe("Integer minor units of the currency (cents for EUR)."),
    currency: z.string().length(3).describe("ISO 4217 code."),
  })
  .register(apiRegistry, { id: "Money", description: "An amount in integer minor units and its currency." });
export type Money = z.infer<typeof money>;

/** One page of a list: `nextCursor` is opaque; pass it back as `cursor` for the next page. */
export function listSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      object: z.literal("list"),
      data: z.array(item),
      nextCursor: z.string().nullable().describe("Null on the last page."),
    })
    .register(apiRegistry, { id, description: "One page of a list, oldest first." });
}
