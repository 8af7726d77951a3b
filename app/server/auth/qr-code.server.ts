import { encode } from "uqr";
import type { QrPath } from "~/lib/two-factor";

/** A QR code as one SVG path (a unit square per dark module), drawn on the server: no image service. */
export function qrPath(text: string): QrPath {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  let d = "";
  data.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : "")));
  return { size, d };
}
