import { createRequire } from "node:module";
import { buffer } from "node:stream/consumers";
import { colord, extend } from "colord";
import mixPlugin from "colord/plugins/mix";
import type { OverlayOptions } from "sharp";
import builtInMark from "../../../public/images/logo-mark.svg?raw";
import { variantWidths } from "~/lib/images";
import { fileStore, type FileStore } from "~/server/storage/storage.server";
import { loadSharp } from "~/server/uploads/sharp.server";
import { getImage } from "./images.server";
import { variantKey } from "./variants.server";

extend([mixPlugin]);

// The picture social sites show with a shared link (og:image): the agency's name, tagline and
// domain in its colour, with its logo, as a 1200 × 630 PNG. Text is set by libvips through Pango
// (sharp's `text` input): line breaks, right-to-left names and every script's shaping come from
// there, in Inter from a TTF (the fontsource WOFF2 files the pages use are not read by libvips'
// fontconfig); a character Inter lacks falls back to the system's fonts (decision 0115).

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export interface ShareCardInput {
  name: string;
  tagline: string;
  domain: string;
  /** `#rrggbb`. */
  primaryColor: string;
  /** An uploaded logo's image id, or null for the built-in mark. */
  logoId: string | null;
  /** True when the logo is drawn for dark grounds (the brand's dark-mode logo): no white panel behind it. */
  logoForDarkGround: boolean;
}

const PAD = 80;
const GAP = 48;
const LOGO_BOX = 320;
const PANEL_PADDING = 36;
const NAME_SIZE = 76;
const NAME_MAX_HEIGHT = 200; // two lines at NAME_SIZE; a longer name is set smaller to fit
const TAGLINE_SIZE = 34;
const TAGLINE_MAX_HEIGHT = 130; // three lines
const DOMAIN_SIZE = 28;

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  bold: require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
};

interface Colours {
  ground: string;
  circleNear: string;
  circleFar: string;
  accent: string;
  accentSoft: string;
  tagline: string;
  domain: string;
}

/** The card's colours from the primary: a deep ground of its hue, lighter tints for the text and accents. */
function colours(primary: string): Colours {
  const base = colord(primary);
  return {
    ground: base.mix("#000000", 0.68).toHex(),
    circleNear: base.mix("#000000", 0.45).toHex(),
    circleFar: base.mix("#000000", 0.58).toHex(),
    accent: base.mix("#ffffff", 0.36).toHex(),
    accentSoft: base.mix("#ffffff", 0.72).toHex(),
    tagline: base.mix("#ffffff", 0.78).toHex(),
    domain: base.mix("#ffffff", 0.55).toHex(),
  };
}

/** Pango markup's five escapes: the text is the operator's, never markup. */
function markup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

interface SetText {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * `text` in `colour`, wrapped at `width`; when it runs taller than `maxHeight` it is set again at the
 * size that fits the box (libvips picks the resolution).
 */
async function setText(
  text: string,
  { font, size, colour, width, maxHeight }: { font: keyof typeof FONTS; size: number; colour: string; width: number; maxHeight: number },
): Promise<SetText> {
  const sharp = await loadSharp();
  const family = font === "bold" ? "Inter Bold" : "Inter";
  const render = async (box: { height?: number }) => {
    const { data, info } = await sharp({
      text: {
        text: `<span foreground="${colour}">${markup(text)}</span>`,
        font: `${family} ${size}`,
        fontfile: FONTS[font],
        width,
        ...(box.height ? { height: box.height } : { dpi: 72 }),
        rgba: true,
        wrap: "word-char",
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const natural = await render({});
  return natural.height <= maxHeight ? natural : render({ height: maxHeight });
}

/** The logo as a PNG at most `LOGO_BOX` square, with the white panel an ordinary (light-ground) logo sits on. */
async function logoArt(input: ShareCardInput, store: FileStore): Promise<{ data: Buffer; width: number; height: number } | null> {
  const sharp = await loadSharp();
  let source: Buffer;
  let panel = false;
  if (input.logoId) {
    const image = await getImage(input.logoId);
    if (!image) return null;
    const widths = variantWidths(image.width);
    const opened = await store.open(variantKey(image.id, widths[widths.length - 1]!, "webp"));
    source = await buffer(opened.stream());
    panel = !input.logoForDarkGround;
  } else {
    source = await sharp(Buffer.from(builtInMark), { density: (72 * LOGO_BOX) / 40 })
      .png()
      .toBuffer();
  }
  const inner = panel ? LOGO_BOX - 2 * PANEL_PADDING : LOGO_BOX;
  const { data, info } = await sharp(source).resize(inner, inner, { fit: "inside" }).png().toBuffer({ resolveWithObject: true });
  if (!panel) return { data, width: info.width, height: info.height };
  const width = info.width + 2 * PANEL_PADDING;
  const height = info.height + 2 * PANEL_PADDING;
  const ground = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="28" fill="#ffffff"/></svg>`,
  );
  const framed = await sharp(ground)
    .composite([{ input: data, left: PANEL_PADDING, top: PANEL_PADDING }])
    .png()
    .toBuffer();
  return { data: framed, width, height };
}

/** Renders the card; a logo that cannot be read is left out rather than failing the picture. */
export async function renderShareCard(input: ShareCardInput, store: FileStore = fileStore()): Promise<Buffer> {
  const sharp = await loadSharp();
  const c = colours(input.primaryColor);
  const logo = await logoArt(input, store).catch(() => null);
  const textWidth = SHARE_CARD_WIDTH - 2 * PAD - (logo ? LOGO_BOX + GAP : 0);

  const name = await setText(input.name, {
    font: "bold",
    size: NAME_SIZE,
    colour: "#ffffff",
    width: textWidth,
    maxHeight: NAME_MAX_HEIGHT,
  });
  const tagline = input.tagline.trim()
    ? await setText(input.tagline, {
        font: "regular",
        size: TAGLINE_SIZE,
        colour: c.tagline,
        width: textWidth,
        maxHeight: TAGLINE_MAX_HEIGHT,
      })
    : null;
  const domain = input.domain
    ? await setText(input.domain, { font: "regular", size: DOMAIN_SIZE, colour: c.domain, width: textWidth, maxHeight: DOMAIN_SIZE * 2 })
    : null;

  // Name, accent bars and tagline as one block, centred in the space above the domain line.
  const BAR_GAP = 32;
  const BAR_HEIGHT = 8;
  const block = name.height + BAR_GAP + BAR_HEIGHT + (tagline ? BAR_GAP + tagline.height : 0);
  const bottom = SHARE_CARD_HEIGHT - PAD - (domain ? domain.height + 24 : 0);
  const top = Math.max(PAD - 24, Math.round((bottom + PAD - 24 - block) / 2));
  const barTop = top + name.height + BAR_GAP;

  const ground = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}">` +
      `<rect width="100%" height="100%" fill="${c.ground}"/>` +
      `<circle cx="1000" cy="120" r="260" fill="${c.circleNear}"/>` +
      `<circle cx="980" cy="560" r="180" fill="${c.circleFar}"/>` +
      `<circle cx="60" cy="640" r="120" fill="${c.circleFar}"/>` +
      `<rect x="${PAD + 2}" y="${barTop}" width="96" height="${BAR_HEIGHT}" rx="4" fill="${c.accent}"/>` +
      `<rect x="${PAD + 110}" y="${barTop}" width="36" height="${BAR_HEIGHT}" rx="4" fill="${c.accentSoft}"/>` +
      `</svg>`,
  );
  const layers: OverlayOptions[] = [{ input: name.data, left: PAD, top }];
  if (tagline) layers.push({ input: tagline.data, left: PAD, top: barTop + BAR_HEIGHT + BAR_GAP });
  if (domain) layers.push({ input: domain.data, left: PAD, top: SHARE_CARD_HEIGHT - PAD - domain.height });
  if (logo) {
    const centreX = SHARE_CARD_WIDTH - PAD - LOGO_BOX / 2;
    layers.push({ input: logo.data, left: Math.round(centreX - logo.width / 2), top: Math.round((SHARE_CARD_HEIGHT - logo.height) / 2) });
  }
  return sharp(ground).composite(layers).png({ compressionLevel: 9, palette: false }).toBuffer();
}
