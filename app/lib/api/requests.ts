import { z } from "~/lib/zod";
import { LEAD_STATUSES, leadStatusSchema } from "~/lib/schemas/quotes-staff";
import { APPLICATION_STAGES, applicationStageSchema } from "~/lib/schemas/applications-staff";
import { newCompanySchema } from "~/lib/schemas/companies";
import { PROJECT_STATUSES, projectFormSchema } from "~/lib/schemas/projects-staff";
import { milestoneSchema as milestoneFormSchema } from "~/lib/schemas/milestones";
import { MILESTONE_STATUSES } from "~/lib/milestones";
import { COMPLAINT_STATUSES, complaintStatusSchema, staffReplySchema } from "~/lib/schemas/complaints-staff";
import { prioritySchema } from "~/lib/schemas/support-desk";
import { PRIORITIES } from "~/lib/support-desk";
import { quoteSchema } from "~/lib/schemas/quotes";

// What the API reads from a request: list queries and JSON bodies. A body is built from the shape of
// the console's (or site's) own form schema, strict so a misspelt field is refused, and the handler
// parses the merged record with the form schema itself: the API refuses exactly what the form does.

export const API_PAGE_LIMIT = 100;
export const API_DEFAULT_LIMIT = 25;

const id = z
  .string()
  .trim()
  .regex(/^[\w-]{1,64}$/, "Not an id.");

const page = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(API_PAGE_LIMIT)
    .default(API_DEFAULT_LIMIT)
    .describe(`Items per page, at most ${API_PAGE_LIMIT}.`),
  cursor: z.string().max(200).optional().describe("The `nextCursor` of the previous page."),
};
const updatedSince = z.iso.datetime({ offset: true }).optional().describe("Only records changed at or after this moment.");

export const leadQuery = z.strictObject({
  ...page,
  status: z.enum(LEAD_STATUSES).optional(),
  companyId: id.optional().describe("Leads converted to this company."),
  updatedSince,
});
export const applicationQuery = z.strictObject({
  ...page,
  stage: z.enum(APPLICATION_STAGES).optional(),
  openingId: id.optional(),
  updatedSince,
});
export const companyQuery = z.strictObject({
  ...page,
  status: z.enum(["open", "closed"]).optional(),
  updatedSince,
});
export const memberQuery = z.strictObject({ ...page, companyId: id.optional() });
export const projectQuery = z.strictObject({
  ...page,
  status: z.enum(PROJECT_STATUSES).optional(),
  companyId: id.optional(),
  updatedSince,
});
export const milestoneQuery = z.strictObject({
  ...page,
  status: z.enum(MILESTONE_STATUSES).optional(),
  projectId: id.optional(),
  updatedSince,
});
export const supportRequestQuery = z.strictObject({
  ...page,
  status: z.enum(COMPLAINT_STATUSES).optional(),
  priority: z.enum(PRIORITIES).optional(),
  companyId: id.optional(),
  updatedSince,
});
export type ListQuery = z.infer<typeof page> & { updatedSince?: string };

/** The quote form's fields; `consent` is the version of the privacy text the person agreed to. */
export const createLeadBody = z.strictObject(quoteSchema.shape);
export const updateLeadBody = z.strictObject(leadStatusSchema.shape);
export const updateApplicationBody = z.strictObject(applicationStageSchema.shape);

const { intent: _intent, ...companyFields } = newCompanySchema.shape;
export const createCompanyBody = z.strictObject(companyFields);
export const updateCompanyBody = z.strictObject(companyFields).partial();

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
const projectFields = projectFormSchema.shape;
/** The console's new-project form, for one company; staff's new projects follow their milestones. */
export const createProjectBody = z.strictObject({ companyId: id, ...projectFields });
export const updateProjectBody = z.strictObject({
  title: projectFields.title.optional(),
  description: projectFields.description.optional(),
  status: projectFields.status.optional(),
  startDate: nullable(projectFields.startDate.unwrap()).describe("YYYY-MM-DD; null clears it."),
  dueDate: nullable(projectFields.dueDate.unwrap()).describe("YYYY-MM-DD; null clears it."),
  ownerId: nullable(projectFields.ownerId.unwrap()).describe("A staff member's id; null: nobody yet."),
});

const { milestoneId: _milestoneId, ...milestoneFields } = milestoneFormSchema.shape;
export const createMilestoneBody = z.strictObject({ projectId: id, ...milestoneFields });
export const updateMilestoneBody = z.strictObject({
  title: milestoneFields.title.optional(),
  description: milestoneFields.description,
  dueDate: nullable(milestoneFields.dueDate.unwrap()).describe("YYYY-MM-DD; null clears it."),
  status: milestoneFields.status.optional(),
});

export const updateSupportRequestBody = z.strictObject({
  status: complaintStatusSchema.shape.status.optional(),
  priority: prioritySchema.shape.priority.optional(),
});
export const createSupportReplyBody = z.strictObject(staffReplySchema.shape);
