import type { Brand } from "~/lib/brand";
import type { ImageInfo } from "~/lib/images";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { BRAND_KEY, forgetBrand, readBrand } from "~/server/brand/brand.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { getImage } from "~/server/images/images.server";
import { putSetting } from "~/server/models/shared/setting-rows.server";
import { recordAudit } from "../shared/audit.server";

// The brand's logos (console → Settings → Brand → Logo): image ids in the stored brand's
// `logo.light` / `logo.dark`; null puts the built-in artwork back. Saved with the version the
// admin saw, so a brand saved meanwhile (another admin, the Brand form) is never overwritten.

export type LogoVariant = "light" | "dark";

export interface BrandLogos {
  light: ImageInfo | null;
  dark: ImageInfo | null;
}

/** Sets (or with null removes) one logo; returns the brand's new version. */
export async function setLogo(
  actor: Actor,
  input: { variant: LogoVariant; imageId: string | null; version: number },
  now = Date.now(),
): Promise<number> {
  if (input.imageId) {
    const image = await getImage(input.imageId);
    if (!image) throw new Refusal("not-found", "That image is not stored.", { field: "file" });
  }
  const version = await writeTransaction(async (trx) => {
    const current = await readBrand(trx);
    if (current.version !== input.version)
      throw new Refusal("conflict", "The brand was changed meanwhile (by someone else, or in another tab). Reload the page and try again.");
    const from = current.value.logo[input.variant];
    if (from === input.imageId) return current.version;
    const next: Brand = { ...current.value, logo: { ...current.value.logo, [input.variant]: input.imageId } };
    const updatedAt = Math.max(now, current.version + 1);
    const value = JSON.stringify(next);
    await putSetting(trx, BRAND_KEY, value, actor.id, updatedAt);
    await recordAudit(
      trx,
      actor,
      {
        action: input.imageId ? "brand.logo-set" : "brand.logo-removed",
        entity: "settings",
        entityId: BRAND_KEY,
        detail: { variant: input.variant, from, to: input.imageId },
      },
      now,
    );
    return updatedAt;
  });
  if (version !== input.version) {
    forgetBrand();
    events().publish({ type: "site.changed" });
  }
  return version;
}

/** The logos a brand names, for pages (a missing image counts as none: the built-in artwork shows). */
export async function brandLogos(brand: Pick<Brand, "logo">): Promise<BrandLogos> {
  const [light, dark] = await Promise.all([brand.logo.light, brand.logo.dark].map((id) => (id ? getImage(id) : undefined)));
  return { light: light ?? null, dark: dark ?? null };
}
