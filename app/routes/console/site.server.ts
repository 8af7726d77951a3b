import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { Refusal } from "~/lib/refusal";
import { contentType, imageFieldOf, MEDIA_PREFIX, mediaIdOf, type ContentTypeDef } from "~/lib/site-content";
import { siteContentSchema } from "~/lib/schemas/site-content";
import type { SessionUser } from "~/server/auth/actor.server";
import { readForm } from "~/server/http/form-data.server";
import { refusalResult } from "~/server/http/refusal.server";
import { IMAGE_FIELD, isMultipartForm, readImageForm, receivedFields } from "~/server/images/image-upload.server";
import { getImage, storeImage } from "~/server/images/images.server";
import { findSiteItem, type SiteItemDetail } from "~/server/models/site/content.server";
import type { PendingFile } from "~/server/uploads/project-upload.server";

// What the Site routes share: the content type named in the URL, the item, the editor's parse.

export function requireContentType(type: string | undefined): ContentTypeDef {
  const def = type ? contentType(type) : undefined;
  if (!def) throw data("There is no such kind of site content.", { status: 404, statusText: "Not found" });
  return def;
}

export async function requireSiteItem(def: ContentTypeDef, id: string): Promise<SiteItemDetail> {
  const item = await findSiteItem(def, id);
  if (!item) throw data(`There is no ${def.singular} with this id.`, { status: 404, statusText: "Not found" });
  return item;
}

/** The editor's post: its fields, and the image file chosen for the type's image field (if any). */
export interface SiteForm {
  formData: FormData;
  file: PendingFile | null;
  /** Removes a received file storeImage did not take. */
  discard(): Promise<void>;
}

/**
 * Reads the editor's post. A type with an image field posts multipart, streamed through the image
 * pipeline's reader (size capped while it streams); a body refused there throws Refusal on "file".
 */
export async function readSiteForm(request: Request): Promise<SiteForm> {
  if (!isMultipartForm(request)) return { formData: await readForm(request), file: null, discard: async () => {} };
  const form = await readImageForm(request);
  const formData = new FormData();
  for (const [name, value] of Object.entries(form.fields)) formData.append(name, value);
  return { formData, file: form.file, discard: form.discard };
}

/**
 * The answer to an editor's post refused while it was read (a file too large, a program, not an
 * image): the reason beside the file input, with the text fields received so far back in the form.
 * The editor posts its file last, so those are all of them.
 */
export function refusedSiteForm(def: ContentTypeDef, error: unknown) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(receivedFields(error))) formData.append(name, value);
  const submission = parseWithZod(formData, { schema: siteContentSchema(def, { upload: true }) });
  return refusalResult(error, { intent: "save" as const, submission });
}

/**
 * Reads the editor's post and hands it to `handle`; a post refused while it was read is answered
 * with the reason in place, and a received file `handle` did not store is removed either way.
 */
export async function withSiteForm<T>(request: Request, def: ContentTypeDef, handle: (form: SiteForm) => Promise<T>) {
  let form: SiteForm;
  try {
    form = await readSiteForm(request);
  } catch (error) {
    return refusedSiteForm(def, error);
  }
  try {
    return await handle(form);
  } finally {
    await form.discard();
  }
}

export function parseSiteForm(def: ContentTypeDef, form: SiteForm | FormData) {
  const formData = form instanceof FormData ? form : form.formData;
  const upload = !(form instanceof FormData) && form.file !== null && Boolean(imageFieldOf(def));
  return parseWithZod(formData, { schema: siteContentSchema(def, { upload }) });
}

type Parsed = ReturnType<typeof parseSiteForm> & { status: "success" };

/**
 * Stores the chosen file (app/server/images checks it: a refusal names "file" or "alt", nothing
 * kept) and puts "media:<id>" in the image field, in the value to save and in the payload the form
 * is answered with. Stored before the draft is saved: if that save then fails (a version conflict,
 * a slug taken), the image stays unreferenced. Accepted: a few variant files and a row, no personal
 * data, and the editor's next try uploads afresh. A "media:" value posted without a file must name
 * a stored image.
 */
export async function takeSiteUpload(user: SessionUser, def: ContentTypeDef, form: SiteForm, submission: Parsed): Promise<void> {
  const field = imageFieldOf(def);
  if (!field) return;
  const value = submission.value as Record<string, unknown>;
  if (form.file) {
    const alt = field.altFrom ? String(value[field.altFrom] ?? "") : String(form.formData.get("alt") ?? "");
    const image = await storeImage({ tempPath: form.file.tempPath, filename: form.file.name, alt, actor: user, kind: "content" });
    const stored = `${MEDIA_PREFIX}${image.id}`;
    value[field.name] = stored;
    submission.payload[field.name] = stored;
    delete submission.payload.alt;
    return;
  }
  const id = mediaIdOf(value[field.name]);
  if (id && !(await getImage(id)))
    throw new Refusal("invalid", "That image is no longer stored. Choose a file to upload.", { field: IMAGE_FIELD });
}

/** The lock counter a post carried (0 when missing: never matches a stored item). */
export function postedLockVersion(formData: FormData): number {
  const value = Number(formData.get("lockVersion"));
  return Number.isInteger(value) && value >= 0 ? value : -1;
}
