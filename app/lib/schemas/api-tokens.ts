import { z } from "~/lib/zod";
import { API_AREAS, API_TOKEN_LIFETIMES, type ApiArea, type ApiScope } from "~/lib/api/scopes";
import { requiredText } from "./fields";

// Console → Settings → API tokens: the "New token" form and "Revoke".

export const API_ACCESS_LEVELS = ["none", "read", "write"] as const;
export type ApiAccessLevel = (typeof API_ACCESS_LEVELS)[number];

const level = z.enum(API_ACCESS_LEVELS, { error: "Choose No access, Read or Read and write." }).default("none");

export const newApiTokenSchema = z
  .object({
    intent: z.literal("create"),
    name: requiredText("Name", 80),
    lifetime: z.coerce
      .number({ error: "Choose when the token expires." })
      .refine((days) => API_TOKEN_LIFETIMES.some((d) => d === days), { error: "Choose when the token expires." }),
    leads: level,
    applications: level,
    companies: level,
    projects: level,
    support: level,
    resumes: z.literal("on").optional(),
  })
  .refine((v) => API_AREAS.some((area) => v[area] !== "none"), { error: "Give the token access to at least one area.", path: ["leads"] })
  .refine((v) => !v.resumes || v.applications !== "none", {
    error: "Resumes need at least Read on applications.",
    path: ["resumes"],
  });
export type NewApiTokenInput = z.infer<typeof newApiTokenSchema>;

export const revokeApiTokenSchema = z.object({
  intent: z.literal("revoke"),
  id: z
    .string({ error: "Choose a token." })
    .trim()
    .regex(/^[\w-]{1,64}$/, "Choose a token."),
});

/** The scopes a form's choices grant: write includes read. */
export function scopesOf(input: Pick<NewApiTokenInput, ApiArea | "resumes">): ApiScope[] {
  const scopes: ApiScope[] = [];
  for (const area of API_AREAS) {
    if (input[area] === "none") continue;
    scopes.push(`${area}:read`);
    if (input[area] === "write") scopes.push(`${area}:write`);
  }
  if (input.resumes) scopes.push("applications:resume");
  return scopes;
}
