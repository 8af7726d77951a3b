import { parseWithZod } from "@conform-to/zod/v4";
import type { Brand } from "~/lib/brand";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { isRefusal } from "~/lib/refusal";
import { brandSchema, mailIdentitySchema } from "~/lib/schemas/brand";
import type { SessionUser } from "~/server/auth/actor.server";
import { readBrand, readMailIdentity } from "~/server/brand/brand.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { saveBrand, saveMailIdentity } from "~/server/models/site/brand.server";

// The Brand page's server half: what the forms start from, and their two saves. A conflict (someone
// else saved meanwhile) answers with the typed values, so nothing typed is lost.

export async function brandPageData() {
  const [brand, mail] = await Promise.all([readBrand(), readMailIdentity()]);
  return { brand: brand.value, brandVersion: brand.version, mail: mail.value, mailVersion: mail.version };
}

export async function saveBrandForm(user: SessionUser, formData: FormData) {
  const intent = "save-brand" as const;
  const submission = parseWithZod(formData, { schema: brandSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  const v = submission.value;
  try {
    const current = (await readBrand()).value;
    const next: Brand = {
      ...current,
      name: v.name,
      shortName: v.shortName,
      legalName: v.legalName,
      tagline: v.tagline,
      domain: v.domain,
      address: { street: v.street, city: v.city, region: v.region, postalCode: v.postalCode, country: v.country },
      phone: v.phone,
      emails: { info: v.infoEmail, careers: v.careersEmail, support: v.supportEmail },
      social: { linkedin: v.linkedin, youtube: v.youtube, instagram: v.instagram },
      primaryColor: v.primaryColor,
    };
    await saveBrand(user, next, v.version);
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission });
    logger.error({ err: error }, "brand save failed");
    return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
  }
  // No `result`: the form remounts with the saved values and the new version.
  return formResult({ intent, status: "success", message: "Brand saved. Every page shows it now." });
}

export async function saveMailForm(user: SessionUser, formData: FormData) {
  const intent = "save-mail" as const;
  const submission = parseWithZod(formData, { schema: mailIdentitySchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  const { senderName, senderAddress, leadsInbox, applicationsInbox, version } = submission.value;
  try {
    await saveMailIdentity(user, { senderName, senderAddress, leadsInbox, applicationsInbox }, version);
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission });
    logger.error({ err: error }, "mail identity save failed");
    return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", message: "Mail settings saved. The next mails use them." });
}
