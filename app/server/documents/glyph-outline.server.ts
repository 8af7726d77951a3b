// A glyph outline (fontkit's path: moveTo, lineTo, quadraticCurveTo, closePath) as TrueType `glyf`
// bytes: a simple glyph, every coordinate a 16-bit delta, no hinting. Used to embed subsets of the
// WOFF2 fonts (pdf-fonts.server.ts), whose stored glyph bytes cannot be copied as they are.

export interface PathCommand {
  command: string;
  args: number[];
}

interface Point {
  x: number;
  y: number;
  onCurve: boolean;
}

function contoursOf(commands: PathCommand[]): Point[][] {
  const contours: Point[][] = [];
  let current: Point[] = [];
  const close = () => {
    const first = current[0];
    const last = current.at(-1);
    // The path returns to its start explicitly; the glyph closes the contour by itself.
    if (first && last && current.length > 1 && last.onCurve && last.x === first.x && last.y === first.y) current.pop();
    if (current.length > 0) contours.push(current);
    current = [];
  };
  for (const { command, args } of commands) {
    const at = (i: number, onCurve: boolean): Point => ({ x: Math.round(args[i] ?? 0), y: Math.round(args[i + 1] ?? 0), onCurve });
    if (command === "moveTo") {
      close();
      current.push(at(0, true));
    } else if (command === "lineTo") current.push(at(0, true));
    else if (command === "quadraticCurveTo") current.push(at(0, false), at(2, true));
    else if (command === "closePath") close();
    else throw new Error(`cannot encode a ${command} in a TrueType glyph`);
  }
  close();
  return contours;
}

/** The glyph's bytes, padded to four; empty for a glyph with no outline (a space). */
export function encodeGlyphOutline(commands: PathCommand[]): Uint8Array {
  const contours = contoursOf(commands);
  const points = contours.flat();
  if (points.length === 0) return new Uint8Array(0);
  const size = 10 + 2 * contours.length + 2 + points.length * 5;
  const bytes = new Uint8Array(size + ((4 - (size % 4)) % 4));
  const view = new DataView(bytes.buffer);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  view.setInt16(0, contours.length);
  view.setInt16(2, Math.min(...xs));
  view.setInt16(4, Math.min(...ys));
  view.setInt16(6, Math.max(...xs));
  view.setInt16(8, Math.max(...ys));
  let offset = 10;
  let end = -1;
  for (const contour of contours) {
    end += contour.length;
    view.setUint16(offset, end);
    offset += 2;
  }
  view.setUint16(offset, 0); // no instructions
  offset += 2;
  for (const p of points) bytes[offset++] = p.onCurve ? 1 : 0;
  for (const axis of ["x", "y"] as const) {
    let last = 0;
    for (const p of points) {
      view.setInt16(offset, p[axis] - last);
      last = p[axis];
      offset += 2;
    }
  }
  return bytes;
}
