import { createHash } from "node:crypto";

// What a browser does with a document's inline scripts under its CSP, computed independently of
// the app's code (decision 0112): a script runs when it carries a nonce the policy names or when
// its text hashes to a `'sha256-…'` source of the policy.

/** The sources of a policy's script-src directive. */
export function scriptSources(csp: string): string[] {
  const directive = csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

/** The `'sha256-…'` source a browser matches a script's text against (the parser reads CR LF as LF). */
export function browserHash(text: string, parsed = true): string {
  const source = parsed ? text.replace(/\r\n?/g, "\n") : text;
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

export interface InlineScript {
  attributes: string;
  text: string;
  /** Not in the markup: the text of the module script the boot script adds (decision 0020). */
  created?: boolean;
}

const NOT_RUN = /\stype="(?!module"|text\/javascript"|application\/javascript")[^"]*"/i;

/** Every inline script a browser would try to run on this page, and those the boot script adds. */
export function inlineScripts(html: string): InlineScript[] {
  const found: InlineScript[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1]!;
    // Data blocks (JSON-LD) never run; a script with src is a file, which 'self' governs.
    if (NOT_RUN.test(attributes) || /\ssrc=/i.test(attributes)) continue;
    found.push({ attributes, text: match[2]! });
    const boot = /^\(function bootApp[\s\S]*?\}\)\((\[[\s\S]*)\)$/.exec(match[2]!);
    if (boot) {
      const [, moduleCode, nonce] = JSON.parse(`[${boot[1]}]`) as [string[], string, string];
      found.push({ attributes: ` type="module"${nonce ? ` nonce="${nonce}"` : ""}`, text: moduleCode, created: true });
    }
  }
  return found;
}

/**
 * The inline scripts of `html` that a browser enforcing `csp` would refuse (none, for a page whose
 * policy names all of its own), each shown by its first characters.
 */
export function refusedScripts(html: string, csp: string): string[] {
  const sources = new Set(scriptSources(csp));
  if (sources.has("'unsafe-inline'") && ![...sources].some((s) => /^'(nonce|sha\d+)-/.test(s))) return [];
  return inlineScripts(html)
    .filter((script) => {
      const nonce = /\snonce="([^"]*)"/.exec(script.attributes)?.[1];
      if (nonce !== undefined && sources.has(`'nonce-${nonce}'`)) return false;
      return !sources.has(browserHash(script.text, !script.created));
    })
    .map((script) => script.text.slice(0, 60));
}
