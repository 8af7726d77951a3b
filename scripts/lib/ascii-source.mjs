// Rewrites JavaScript source so that it holds ASCII only, each other UTF-16 code unit as a \uXXXX
// escape. A character outside ASCII can stand in a string, template, regular expression, comment or
// identifier, and in every one of those the escape means the same character (a template's raw text
// is the only thing that changes, and the server bundle reads no raw template of a non-ASCII text).
// A backslash already in front of one (an identity escape, "\…") is folded into the new escape.
// Why at all: docs/decisions/0113-server-memory-ascii-bundle-mmap-threshold.md.

/** The source with every non-ASCII code unit written as \uXXXX; `count` says how many were. */
export function asciiSource(source) {
  let out = "";
  let count = 0;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code < 0x80) continue;
    let chunk = source.slice(from, i);
    let backslashes = 0;
    for (let j = chunk.length - 1; j >= 0 && chunk[j] === "\\"; j--) backslashes++;
    // An odd run ends in an escape of this very character: the new escape replaces it.
    if (backslashes % 2 === 1) chunk = chunk.slice(0, -1);
    out += chunk + "\\u" + code.toString(16).toUpperCase().padStart(4, "0");
    from = i + 1;
    count++;
  }
  return { code: count === 0 ? source : out + source.slice(from), count };
}
