import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { encodeGlyphOutline, type PathCommand } from "./glyph-outline.server";

// The PDF's typeface: Inter, from the @fontsource-variable/inter package the site already ships.
// Fontsource splits it by script into WOFF2 files (pdfkit's fontkit reads WOFF2 and embeds a
// subset); each text run takes the first file whose unicode range holds its characters, so "Zoë",
// "Łódź", "Ελένη", "Юлия" and "₹" come out. Only the default weight: fontkit cannot instance the
// variable WOFF2 at another weight, so emphasis is size and colour (decision 0083).

const SCRIPTS = ["latin", "latin-ext", "vietnamese", "greek", "greek-ext", "cyrillic", "cyrillic-ext"] as const;
type Script = (typeof SCRIPTS)[number];

interface LoadedFonts {
  files: Map<Script, Buffer>;
  ranges: Map<Script, [number, number][]>;
}

let loaded: LoadedFonts | undefined;

function parseRanges(list: string): [number, number][] {
  return list.split(",").map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from ?? "0", 16), parseInt(to ?? "0", 16)];
  });
}

function fonts(): LoadedFonts {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const unicode = JSON.parse(readFileSync(require.resolve("@fontsource-variable/inter/unicode.json"), "utf8")) as Record<string, string>;
    const files = new Map<Script, Buffer>();
    const ranges = new Map<Script, [number, number][]>();
    for (const script of SCRIPTS) {
      files.set(script, readFileSync(require.resolve(`@fontsource-variable/inter/files/inter-${script}-wght-normal.woff2`)));
      ranges.set(script, parseRanges(unicode[script] ?? ""));
    }
    loaded = { files, ranges };
  }
  return loaded;
}

/** The font name pdfkit knows a script's file by. */
function fontName(script: Script): string {
  return `inter-${script}`;
}

/** Fonts as fontkit decoded them (WOFF2: brotli and the glyf transform), kept for the next PDF. */
const decoded = new Map<string, object>();

/** Registers every script's font with `doc`; pdfkit embeds (a subset of) only those a run uses. */
export function registerInvoiceFonts(doc: PDFKit.PDFDocument): void {
  for (const [script, bytes] of fonts().files) {
    const name = fontName(script);
    // pdfkit takes a decoded font object as well as bytes (a thing with `layout`); it subsets per document.
    doc.registerFont(name, (decoded.get(name) ?? bytes) as Buffer);
  }
}

/** The first font whose range holds `codePoint`, or null when none does. */
function scriptOf(codePoint: number): Script | null {
  for (const [script, list] of fonts().ranges) {
    if (list.some(([from, to]) => codePoint >= from && codePoint <= to)) return script;
  }
  return null;
}

/** True when every character of `text` has a glyph in one of the fonts. */
export function fontsCover(text: string): boolean {
  for (const ch of text) if (scriptOf(ch.codePointAt(0) ?? 0) === null) return false;
  return true;
}

export interface FontRun {
  font: string;
  text: string;
}

/**
 * `text` cut into runs of one font each. Spaces and marks stay with the run before them; a
 * character no font holds goes with the primary font (it shows as an empty box).
 */
export function fontRuns(text: string): FontRun[] {
  const runs: FontRun[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const own = code <= 0x20 ? null : scriptOf(code);
    const font = own ? fontName(own) : (runs.at(-1)?.font ?? fontName("latin"));
    const last = runs.at(-1);
    if (last?.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

export const PRIMARY_FONT = fontName("latin");

// fontkit (2.0.4, under pdfkit) subsets a WOFF2 font by copying each glyph's bytes from the glyf
// table, but WOFF2 stores that table transformed: the copy is garbage and composite glyphs (ë, ł)
// crash the render (its re-encoder for variable fonts is broken too). So each glyph's decoded
// outline is encoded anew (a composite becomes one simple outline). Patched per font, not globally.
interface Glyph {
  path: { commands: PathCommand[] };
  advanceWidth: number;
  _getMetrics(): { leftBearing: number };
}
interface TtfSubset {
  font: { type?: string; getGlyph(id: number): Glyph };
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(id: number): number;
}
const patched = new WeakSet<object>();

function addDecodedGlyph(this: TtfSubset, id: number): number {
  const glyph = this.font.getGlyph(id);
  const bytes = encodeGlyphOutline(glyph.path.commands);
  this.glyf.push(bytes);
  this.loca.offsets.push(this.offset);
  this.hmtx.metrics.push({ advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing });
  this.offset += bytes.length;
  return this.glyf.length - 1;
}

/** `doc.font(name)`, with the WOFF2 subsetting fixed on the font pdfkit opened. */
export function selectFont(doc: PDFKit.PDFDocument, name: string): PDFKit.PDFDocument {
  doc.font(name);
  const opened = (doc as unknown as { _font?: { font?: object; subset?: TtfSubset } })._font;
  if (opened?.font && !decoded.has(name)) decoded.set(name, opened.font);
  const subset = opened?.subset;
  if (subset && !patched.has(subset) && subset.font.type === "WOFF2") {
    subset._addGlyph = addDecodedGlyph;
    patched.add(subset);
  }
  return doc;
}

interface OpenedFont {
  unicode?: number[][];
  subset?: { glyphs: number[] };
  font?: { _cmapProcessor?: { codePointsForGlyph(id: number): number[] } };
}

/**
 * Fills the characters pdfkit left blank in a font's ToUnicode map (some of Inter's glyphs come out
 * of fontkit's layout with none), from the font's own cmap, so the PDF's text copies and searches
 * whole. Call before `doc.end()`.
 */
export function completeUnicodeMaps(doc: PDFKit.PDFDocument): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, OpenedFont> })._fontFamilies ?? {};
  for (const opened of Object.values(families)) {
    const cmap = opened.font?._cmapProcessor;
    if (!opened.unicode || !opened.subset || !cmap) continue;
    opened.unicode.forEach((codePoints, gid) => {
      const original = opened.subset?.glyphs[gid];
      if (codePoints.length === 0 && original !== undefined && gid > 0)
        opened.unicode![gid] = cmap.codePointsForGlyph(original).slice(0, 1);
    });
  }
}
