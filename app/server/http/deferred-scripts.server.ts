import { HYDRATED_EVENT } from "~/lib/hydration";

/**
 * Paint first, then load the app's JavaScript (decision 0020). React Router's <Scripts> asks for
 * every module up front (modulepreload, High priority) and runs them as soon as they arrive: on a
 * phone the ~115 kB of JavaScript competes with the stylesheet and the hero image for the first
 * paint. This rewrites the finished document so the same modules are requested right after the
 * first frame instead, and clicks or submits made before hydration are held and replayed once the
 * app has hydrated, so nothing a visitor does early is lost.
 *
 * React Router's module script is found by the render's `nonce`, which content cannot know. The
 * boot script gives the module script it creates `handOn` (the page's nonce; none for a page whose
 * CSP lists hashes instead, decision 0112), and `created` holds that script's text for its hash.
 *
 * It works on the rendered bytes and decodes only the parts it rewrites (the preloads and the
 * module script, a few kB): a signed-in page is up to 170 kB, and turning all of it into a string
 * and back cost about 5% of its render's CPU.
 */
export function deferModuleScripts(
  page: Buffer<ArrayBuffer>,
  nonce: string,
  handOn = nonce,
): { html: Buffer<ArrayBuffer>; created: string[] } {
  const start = page.indexOf(`<script nonce="${nonce}" type="module" async="">`);
  if (start === -1) return { html: page, created: [] };
  const codeStart = page.indexOf(">", start) + 1;
  const end = page.indexOf(SCRIPT_END, codeStart);
  if (end === -1) return { html: page, created: [] };

  const preloads: string[] = [];
  const before = withoutPreloads(page.subarray(0, start), preloads);
  const after = withoutPreloads(page.subarray(end + SCRIPT_END.length), preloads);
  const moduleCode = page.toString("utf8", codeStart, end);
  const args = [preloads, moduleCode, handOn].map(inlineJson).join(",");
  const boot = Buffer.from(`<script nonce="${nonce}">(${BOOT_APP})(${args},${HYDRATED_EVENT_JSON})</script>`);
  return { html: Buffer.concat([...before, boot, ...after]), created: [moduleCode] };
}

const SCRIPT_END = "</script>";
const PRELOAD_START = '<link rel="modulepreload" href="';

/**
 * `part` without its module preloads, whose addresses are added to `preloads` in page order. Only
 * the stretch from the first preload to the end of the last is decoded: no match can start
 * outside it, or end past the `>` that closes the last one.
 */
function withoutPreloads(part: Buffer, preloads: string[]): Buffer[] {
  const first = part.indexOf(PRELOAD_START);
  if (first === -1) return [part];
  const last = part.lastIndexOf(PRELOAD_START);
  const close = part.indexOf(">", last);
  const stop = close === -1 ? part.length : close + 1;
  const kept = part.toString("utf8", first, stop).replace(MODULEPRELOAD, (_tag, href: string) => {
    preloads.push(decodeAttribute(href));
    return "";
  });
  return [part.subarray(0, first), Buffer.from(kept), part.subarray(stop)];
}

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
// The same on every page: made once, not on each render (a function's source is a fresh string each time).
const BOOT_APP = bootApp.toString();
const HYDRATED_EVENT_JSON = inlineJson(HYDRATED_EVENT);

function decodeAttribute(value: string) {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

// Safe inside an inline <script>: no "</script>", "<!--" or line separators survive.
function inlineJson(value: unknown) {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Runs in the browser as an inline script, so it must stay self-contained (no imports, no closures
 * over module scope): it is sent as its own source text.
 */
function bootApp(preloads: string[], moduleCode: string, nonce: string, hydratedEvent: string) {
  // What happened before React listened, replayed in order once it does.
  const held: Array<() => void> = [];
  let hydrated = false;
  let booted = false;

  function boot() {
    if (booted) return;
    booted = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    if (nonce) script.nonce = nonce;
    script.textContent = moduleCode;
    document.head.appendChild(script);
  }

  // A click on a control, or a submit, would do nothing (buttons) or skip the client's checks
  // (forms): it is held back and replayed. A click elsewhere, or a Ctrl/Cmd shortcut, keeps its
  // browser default and is dispatched again for the app's own listeners (the staff shortcuts).
  function hold(event: Event) {
    if (hydrated) return;
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === "submit") {
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      if (!(target instanceof HTMLFormElement)) return;
      held.push(() => target.requestSubmit(submitter && submitter.form === target ? submitter : undefined));
    } else if (event.type === "keydown") {
      const key = event as KeyboardEvent;
      const editable =
        target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
      if (!(key.ctrlKey || key.metaKey) || editable) return;
      const init = {
        key: key.key,
        code: key.code,
        ctrlKey: key.ctrlKey,
        metaKey: key.metaKey,
        shiftKey: key.shiftKey,
        altKey: key.altKey,
        bubbles: true,
        cancelable: true,
      };
      held.push(() => document.body.dispatchEvent(new KeyboardEvent("keydown", init)));
      return;
    } else {
      const click = event as MouseEvent;
      if (click.button !== 0 || !target) return;
      const control = target.closest<HTMLElement>("button, a[href], input[type=submit], input[type=button], summary");
      if (!control) {
        // Fields and labels did their native part already; a second click would undo it.
        if (target.closest("input, select, textarea, label, [contenteditable]")) return;
        const init = { clientX: click.clientX, clientY: click.clientY, bubbles: true, cancelable: true };
        held.push(() => target.dispatchEvent(new MouseEvent("click", init)));
        return;
      }
      if (control instanceof HTMLAnchorElement && (control.target === "_blank" || control.hasAttribute("download"))) return;
      held.push(() => control.click());
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  function release() {
    if (hydrated) return;
    hydrated = true;
    for (const type of ["click", "submit", "keydown"]) document.removeEventListener(type, hold, true);
    for (const replay of held.splice(0)) {
      try {
        replay();
      } catch {
        // A control that left the page, or a form it no longer belongs to: nothing to replay.
      }
    }
  }

  for (const type of ["click", "submit", "keydown"]) document.addEventListener(type, hold, true);
  window.addEventListener(hydratedEvent, release, { once: true });
  // Should the app never hydrate (a failed script), the page still works as plain HTML.
  window.setTimeout(release, 10_000);

  if (document.visibilityState === "visible") {
    requestAnimationFrame(() => window.setTimeout(boot, 0));
    window.setTimeout(boot, 1_000);
  } else {
    boot();
  }
}
