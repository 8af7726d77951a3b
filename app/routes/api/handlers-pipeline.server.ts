import { Readable } from "node:stream";
import type { z } from "~/lib/zod";
import type * as Q from "~/lib/api/requests";
import { leadResource } from "~/lib/api/resources";
import { quoteSchema } from "~/lib/schemas/quotes";
import { leadStatusSchema } from "~/lib/schemas/quotes-staff";
import { applicationStageSchema } from "~/lib/schemas/applications-staff";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { setLeadStatus } from "~/server/models/pipeline/quotes-staff.server";
import { findResume, setApplicationStage } from "~/server/models/pipeline/applications-staff.server";
import { recordStaffRead } from "~/server/models/shared/audit.server";
import { getApplicationResource, getLeadResource, listApplicationResources, listLeadResources } from "~/server/models/api/api-reads.server";
import { RESUME_CONTENT_TYPES, sanitizeFilename, type ResumeKind } from "~/server/uploads/resume-upload.server";
import { FileNotFound, fileStore } from "~/server/storage/storage.server";
import { Refusal } from "~/lib/refusal";
import { formParse, found, type ApiHandler } from "./api-call.server";

// Leads and applications: the same model calls as the console's Leads and Applications pages.

const noResume = () => new Refusal("not-found", "This application has no resume.");

export const pipelineHandlers: Record<string, ApiHandler> = {
  listLeads: ({ query }) => listLeadResources(query as z.infer<typeof Q.leadQuery>),
  getLead: async ({ id }) => found(await getLeadResource(id), "lead"),
  createLead: async ({ actor, body }) => leadResource(await submitQuote(formParse(quoteSchema, body), { actor })),
  updateLead: async ({ actor, id, body }) => {
    const { status } = formParse(leadStatusSchema, body);
    await setLeadStatus(actor, id, status);
    return found(await getLeadResource(id), "lead");
  },
  listApplications: ({ query }) => listApplicationResources(query as z.infer<typeof Q.applicationQuery>),
  getApplication: async ({ id }) => found(await getApplicationResource(id), "application"),
  updateApplication: async ({ actor, id, body }) => {
    const { stage } = formParse(applicationStageSchema, body);
    await setApplicationStage(actor, id, stage);
    return found(await getApplicationResource(id), "application");
  },
  // Streamed from storage as an attachment, and recorded like the console's download.
  getApplicationResume: async ({ actor, id }) => {
    const resume = await findResume(id);
    if (!resume) throw noResume();
    let file;
    try {
      file = await fileStore().read(resume.key);
    } catch (error) {
      if (error instanceof FileNotFound) throw noResume();
      throw error;
    }
    await recordStaffRead(actor, {
      action: "resume.download",
      entity: "application",
      entityId: id,
      detail: { file: resume.name, via: "api" },
    });
    const filename = sanitizeFilename(resume.name || resume.key.split("/").pop() || "resume");
    return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": file.contentType ?? RESUME_CONTENT_TYPES[resume.kind as ResumeKind] ?? "application/octet-stream",
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename="${filename}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
      },
    });
  },
};
