// Names inside the "Download my data" ZIP come from what people typed (project
// titles, file names, request subjects). Each becomes one safe path segment: no separators, no
// "." or "..", no control characters, nothing Windows refuses, short enough for any unzip tool.
// Paths are only ever joined from such segments, so an entry can never climb out of its folder.

const MAX_SEGMENT = 100;
// Control characters (C0, DEL, C1), the separators, and what Windows forbids in a name.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\<>:"|?*]/g;
// Bidirectional overrides and zero-width characters: they make a name read as another.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/** `name` as one safe path segment; `fallback` when nothing usable is left. */
export function safeSegment(name: string, fallback = "untitled"): string {
  let clean = name.normalize("NFC").replace(UNSAFE, "_").replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
  // Windows drops trailing dots and spaces; a leading dot hides the file (and "." / ".." climb).
  clean = clean.replace(/^[.\s]+/, "").replace(/[.\s]+$/, "");
  if (RESERVED.test(clean)) clean = `_${clean}`;
  if ([...clean].length > MAX_SEGMENT) clean = shorten(clean);
  return clean || fallback;
}

/**
 * A record's folder: its title made safe, then the start of its id, which keeps two records of
 * the same (or the same long) title apart: "Rider app (3f2a9c1d)".
 */
export function recordFolder(title: string, id: string): string {
  const name = [...safeSegment(title)]
    .slice(0, MAX_SEGMENT - 12)
    .join("")
    .trim();
  return safeSegment(`${name} (${safeSegment(id.slice(0, 8), "record")})`);
}

/** Cuts a long name to MAX_SEGMENT characters, keeping a short extension. */
function shorten(name: string): string {
  const chars = [...name];
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && name.length - dot <= 10 ? [...name.slice(dot)] : [];
  return (
    chars
      .slice(0, MAX_SEGMENT - ext.length)
      .join("")
      .trimEnd() + ext.join("")
  );
}

/**
 * Hands out entry paths that are unique within one archive, case-insensitively (Windows and macOS
 * would overwrite "Brief.pdf" with "brief.pdf"): a second "logo.png" becomes "logo (2).png".
 */
export class EntryNames {
  private readonly taken = new Set<string>();

  /** `folder` (already safe segments joined by "/") plus `name` made safe and unique. */
  claim(folder: string, name: string, fallback?: string): string {
    const segment = safeSegment(name, fallback);
    const dot = segment.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [segment.slice(0, dot), segment.slice(dot)] : [segment, ""];
    for (let n = 1; ; n++) {
      const candidate = `${folder}/${n === 1 ? segment : `${stem} (${n})${ext}`}`;
      if (!this.taken.has(candidate.toLowerCase())) {
        this.taken.add(candidate.toLowerCase());
        return candidate;
      }
    }
  }
}
