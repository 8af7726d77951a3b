import { z } from "~/lib/zod";

// The Files tab's small forms (uploads are multipart, see project-upload.server.ts).

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

/** Delete a file with all its versions. */
export const deleteFileSchema = z.object({ fileId: id("Unknown file.") });

/** Console: the per-project switch "Clients can upload files". */
export const clientUploadsSchema = z.object({ clientUploads: z.enum(["on", "off"], { error: "Choose on or off." }) });
