import { z } from "~/lib/zod";
import { checkboxField } from "./client-invitations";
import { emailField, optionalText, requiredText } from "./fields";

// "Convert to client" on a lead. A new company (named here) or an existing open
// one; the requester is invited; the first project is optional.

export const convertLeadSchema = z
  .object({
    companyChoice: z.enum(["new", "existing"], { error: "Choose a new or an existing company." }),
    companyName: optionalText("Company name", 120),
    country: optionalText("Country", 80),
    companyId: z.string().trim().max(64).optional(),
    name: requiredText("Name", 120),
    email: emailField(),
    clientAdmin: checkboxField,
    createProject: checkboxField,
    projectTitle: optionalText("Project title", 120),
  })
  .superRefine((v, ctx) => {
    if (v.companyChoice === "new" && !v.companyName)
      ctx.addIssue({ code: "custom", path: ["companyName"], message: "Company name is required." });
    if (v.companyChoice === "existing" && !v.companyId) ctx.addIssue({ code: "custom", path: ["companyId"], message: "Choose a company." });
    if (v.createProject && !v.projectTitle) ctx.addIssue({ code: "custom", path: ["projectTitle"], message: "Project title is required." });
  });

export type ConvertLeadInput = z.infer<typeof convertLeadSchema>;
