import type { ImageInfo } from "~/lib/images";
import { mediaIdOf } from "~/lib/site-content";
import { getImage } from "~/server/images/images.server";

// Image fields of site content hold "/images/..." (the seeded art, shown as a plain <img> as
// before) or "media:<id>" (an upload): pages get the upload's ImageInfo beside the value, so
// <Picture> can give it a srcset and its width and height.

/** The uploaded image an image field's value names; null for a path (or an image that is gone). */
export async function contentPicture(value: unknown): Promise<ImageInfo | null> {
  const id = mediaIdOf(value);
  return id ? ((await getImage(id)) ?? null) : null;
}

/** Each item with `picture` set from its image field (`key`), when that field names an upload. */
export async function withPictures<T extends object>(items: T[], key: keyof T): Promise<(T & { picture?: ImageInfo })[]> {
  return Promise.all(
    items.map(async (item) => {
      const picture = await contentPicture(item[key]);
      // Left out for a path: the seeded pages' data (and HTML) stay as they were.
      return picture ? { ...item, picture } : item;
    }),
  );
}
