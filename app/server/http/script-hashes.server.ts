// A page sent as the same bytes to every visitor (the HTML cache) cannot carry a nonce: everyone
// would share it. Its CSP names its own inline scripts by hash instead (decision 0112).
import { createHash } from "node:crypto";

export interface HashedPage {
  /** The page without the render's nonce: no attribute names it any more. */
  html: string;
  /** `'sha256-…'` sources, one per distinct script text, in page order. */
  hashes: string[];
}

/**
 * The CSP source a browser matches an inline script against: SHA-256 of its text as UTF-8. The
 * HTML parser turns CR LF and lone CR into LF before the script sees its text, so the hash must too.
 */
export function scriptHash(text: string, parsed = true): string {
  const source = parsed ? text.replace(/\r\n?/g, "\n") : text;
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

/**
 * Hashes the inline scripts this render wrote itself, found by the render's nonce (random, never
 * known to the content): React Router's, the theme snippet and the boot script. A `<script>` that
 * arrived inside content has no such attribute and gets no hash, so a browser refuses it as it
 * would refuse one without the nonce. The nonce attributes are then removed from every element.
 * `created` are the texts of inline scripts the boot script adds at run time (React Router's
 * module script): not in the page's markup, so named here.
 */
export function hashOwnScripts(html: string, nonce: string, created: readonly string[] = []): HashedPage {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const closing = /<\/script/gi;
  let out = "";
  let from = 0;
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, from)) {
    const tagStart = html.lastIndexOf("<", at);
    const tagEnd = html.indexOf(">", at);
    if (tagStart === -1 || tagEnd === -1) break;
    out += html.slice(from, at);
    from = at + attribute.length;
    const tag = html.slice(tagStart, tagEnd);
    // An inline script (one with a src is our origin's file, which 'self' allows).
    if (/^<script[\s>]/i.test(tag) && !/\ssrc=/i.test(tag)) {
      closing.lastIndex = tagEnd;
      const close = closing.exec(html);
      if (close !== null) hashes.add(scriptHash(html.slice(tagEnd + 1, close.index)));
    }
  }
  out += html.slice(from);
  for (const text of created) hashes.add(scriptHash(text, false));
  return { html: out, hashes: [...hashes] };
}
