import MarkdownIt from "markdown-it";
import { Refusal } from "~/lib/refusal";
import { UNSAFE_LINK_MESSAGE } from "~/lib/schemas/site-content";

// Site content's rich text: Markdown, rendered here on the server and never raw HTML from the
// browser (html: false turns any tag typed into text). A script-scheme link is refused when it is
// saved, found on the parsed tree (so entities, brackets and references cannot hide it), and
// dropped again at render by the stricter validateLink, should an old row hold one.

const SCRIPT_SCHEME = /^(javascript|vbscript|data|file):/;

function scheme(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // A malformed escape: check the raw text.
  }
  // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  return decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
}

const renderer = new MarkdownIt({ html: false, linkify: false, typographer: false });
renderer.validateLink = (url) => !SCRIPT_SCHEME.test(scheme(url));

const parser = new MarkdownIt({ html: false, linkify: true });
// Every link becomes a token, so the check sees what the renderer would have silently dropped.
parser.validateLink = () => true;

// Pages render the same published texts on every uncached request: the HTML is kept by the text
// itself, so an edit is a new key and no event has to clear it. Bounded: a few hundred texts
// (services, legal pages, About) fit, and drafts previewed in the console cannot grow it forever.
const rendered = new Map<string, string>();
const RENDERED_MAX = 200;

/** The Markdown as HTML for a public page. */
export function renderMarkdown(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = renderer.render(markdown);
    if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
    rendered.set(markdown, html);
  }
  return html;
}

/** Every link and image address in the Markdown. */
function addresses(markdown: string): string[] {
  const found: string[] = [];
  for (const block of parser.parse(markdown, {})) {
    for (const token of block.children ?? []) {
      const url = token.type === "link_open" ? token.attrGet("href") : token.type === "image" ? token.attrGet("src") : null;
      if (url !== null) found.push(url);
    }
  }
  return found;
}

/** Refuses Markdown that links to a script scheme, beside its field. */
export function checkMarkdown(field: string, markdown: string): void {
  if (addresses(markdown).some((url) => SCRIPT_SCHEME.test(scheme(url)))) throw new Refusal("invalid", UNSAFE_LINK_MESSAGE, { field });
}
