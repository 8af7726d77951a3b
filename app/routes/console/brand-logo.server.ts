import { parseWithZod } from "@conform-to/zod/v4";
import { Refusal } from "~/lib/refusal";
import { LOGO_FAILURE } from "~/lib/console-failures";
import { logoRemoveSchema, logoUploadSchema, type LogoIntent } from "~/lib/schemas/brand-logo";
import type { SessionUser } from "~/server/auth/actor.server";
import { readBrand } from "~/server/brand/brand.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { isMultipartForm, readImageForm } from "~/server/images/image-upload.server";
import { storeImage } from "~/server/images/images.server";
import { logger } from "~/server/logger.server";
import { setLogo, type LogoVariant } from "~/server/models/site/logo.server";

// The Logo page's forms: upload (multipart, streamed and checked by server/images) or remove a
// logo. Nothing is stored when a form is refused.

/** The upload forms post to `?variant=light|dark`, so a body refused before its fields are read still answers in place. */
export async function logoAction(user: SessionUser, request: Request) {
  if (isMultipartForm(request)) return upload(user, request);
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["remove-light", "remove-dark"]);
  const submission = parseWithZod(formData, { schema: logoRemoveSchema });
  if (submission.status !== "success") return formResult({ intent, status: "error", message: "Reload the page and try again." }, 400);
  const variant: LogoVariant = intent === "remove-light" ? "light" : "dark";
  try {
    await setLogo(user, { variant, imageId: null, version: submission.value.version });
  } catch (error) {
    return answerFailure(error, intent);
  }
  return formResult({
    intent,
    status: "success",
    message: variant === "light" ? "Logo removed: the built-in artwork shows again." : "Dark-mode logo removed.",
  });
}

async function upload(user: SessionUser, request: Request) {
  const fallback: LogoIntent = new URL(request.url).searchParams.get("variant") === "dark" ? "upload-dark" : "upload-light";
  let form;
  try {
    form = await readImageForm(request);
  } catch (error) {
    return answerFailure(error, fallback);
  }
  try {
    const formData = new FormData();
    for (const [name, value] of Object.entries(form.fields)) formData.append(name, value);
    const intent = requireIntent(formData, ["upload-light", "upload-dark"]);
    const submission = parseWithZod(formData, { schema: logoUploadSchema });
    if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
    if (!form.file)
      return refusalResult(new Refusal("invalid", "Choose an image file to upload.", { field: "file" }), { intent, submission });
    const variant: LogoVariant = intent === "upload-light" ? "light" : "dark";
    const { value: brand, version } = await readBrand();
    if (variant === "dark" && !brand.logo.light)
      return refusalResult(new Refusal("invalid", "Upload the logo for light backgrounds first.", { field: "file" }), {
        intent,
        submission,
      });
    if (version !== submission.value.version)
      return refusalResult(
        new Refusal("conflict", "The brand was changed meanwhile (by someone else, or in another tab). Reload the page and try again."),
        { intent, submission },
      );
    try {
      const image = await storeImage({
        tempPath: form.file.tempPath,
        filename: form.file.name,
        alt: submission.value.alt,
        actor: user,
        kind: "logo",
      });
      await setLogo(user, { variant, imageId: image.id, version: submission.value.version });
    } catch (error) {
      return answerFailure(error, intent, submission);
    }
    return formResult({
      intent,
      status: "success",
      message: variant === "light" ? "Logo saved. The site shows it now." : "Dark-mode logo saved.",
    });
  } finally {
    await form.discard();
  }
}

function answerFailure(error: unknown, intent: LogoIntent, submission?: NonNullable<Parameters<typeof refusalResult>[1]>["submission"]) {
  if (error instanceof Refusal) return refusalResult(error, { intent, submission });
  logger.error({ err: error }, "logo save failed");
  return formResult({ intent, status: "error", message: LOGO_FAILURE }, 500);
}
