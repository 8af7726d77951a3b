import { colord, extend } from "colord";
import a11yPlugin from "colord/plugins/a11y";
import mixPlugin from "colord/plugins/mix";
import { DEFAULT_PRIMARY_COLOR } from "./brand";

extend([mixPlugin, a11yPlugin]);

// The brand palette (Tailwind's --color-brand-50..900) derived from one primary colour: the colour
// is shade 600, lighter shades mix it with white, darker ones with black. The default colour keeps
// app.css's hand-tuned indigo palette, so a demo install renders exactly as before.

export const BRAND_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type BrandShade = (typeof BRAND_SHADES)[number];

/** Share of white (positive) or black (negative) mixed into the primary colour for each shade. */
const MIX: Record<BrandShade, number> = {
  50: 0.93,
  100: 0.86,
  200: 0.72,
  300: 0.52,
  400: 0.36,
  500: 0.2,
  600: 0,
  700: -0.16,
  800: -0.3,
  900: -0.42,
};

/** What white text sits on in light mode, and what dark text sits on in dark mode (app.css .btn-primary). */
const LIGHT_TEXT = "#ffffff";
const DARK_TEXT = "#020617"; // Tailwind slate-950
export const MIN_CONTRAST = 4.5;

export function isHexColor(value: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(value);
}

export function isDefaultColor(color: string): boolean {
  return color.toLowerCase() === DEFAULT_PRIMARY_COLOR;
}

/** app.css's palette, the default colour's own. */
const DEFAULT_PALETTE: Record<BrandShade, string> = {
  50: "#eef2ff",
  100: "#e0e7ff",
  200: "#c7d2fe",
  300: "#a5b4fc",
  400: "#818cf8",
  500: "#6366f1",
  600: "#4f46e5",
  700: "#4338ca",
  800: "#3730a3",
  900: "#312e81",
};

export function brandPalette(color: string): Record<BrandShade, string> {
  if (isDefaultColor(color)) return { ...DEFAULT_PALETTE };
  const base = colord(color);
  const out = {} as Record<BrandShade, string>;
  for (const shade of BRAND_SHADES) {
    const share = MIX[shade];
    out[shade] = share === 0 ? base.toHex() : share > 0 ? base.mix("#ffffff", share).toHex() : base.mix("#000000", -share).toHex();
  }
  return out;
}

/** The CSS that puts the palette in place of app.css's; empty for the default colour. */
export function brandPaletteCss(color: string): string {
  if (!isHexColor(color) || isDefaultColor(color)) return "";
  const palette = brandPalette(color);
  const vars = BRAND_SHADES.map((shade) => `--color-brand-${shade}:${palette[shade]}`).join(";");
  return `:root{${vars}}`;
}

const ratio = (a: string, b: string) => Math.round(colord(a).contrast(b) * 100) / 100;

/**
 * Why this colour cannot be the brand's (the primary button fails WCAG AA in one theme), or null.
 * The message names the ratio found and the ratio needed.
 */
export function brandColorProblem(color: string): string | null {
  if (!isHexColor(color)) return "Enter the colour as #rrggbb, for example #4f46e5.";
  const palette = brandPalette(color);
  const light = ratio(LIGHT_TEXT, palette[700]);
  if (light < MIN_CONTRAST)
    return `This colour is too light: white button text on it has a contrast of ${light}:1, and at least ${MIN_CONTRAST}:1 is needed. Choose a darker colour.`;
  const dark = ratio(DARK_TEXT, palette[500]);
  if (dark < MIN_CONTRAST)
    return `This colour is too dark: in dark mode, button text on it has a contrast of ${dark}:1, and at least ${MIN_CONTRAST}:1 is needed. Choose a lighter colour.`;
  return null;
}
