// The expand → contract rule for migrations (decision 0064), checked by `npm run lint:migrations`.
// During a rolling upgrade the previous release keeps serving on a database the new release has
// migrated, so a migration's `up` may only widen: add tables, nullable columns, columns with a
// default, indexes. Renaming or dropping a table or column, or adding a NOT NULL the previous
// release does not fill, breaks it. Such a step is a *contract* step: it ships in a later release
// than the one that stopped using the thing, and says so on the statement or its function:
//   // Contract step, safe after 0.3.0: nothing reads quotes.legacy_status since 0.3.0.
// The version must be a released one (a `## [x.y.z]` heading of CHANGELOG.md). SQLite cannot drop
// a NOT NULL or change a foreign key in place; its documented rebuild (create the new table, copy,
// drop the old, rename the new) widens when the new table keeps every column, and says so:
//   // Table rebuild, every column kept: SQLite cannot drop NOT NULL on projects.created_by.
import ts from "typescript";

export interface Finding {
  file: string;
  line: number;
  what: string;
  /** The contract marker's release, when the statement carries one. */
  safeAfter?: string;
  /** Dropping or renaming a table as part of a marked SQLite rebuild. */
  rebuild?: boolean;
}

const CONTRACT = /\/\/\s*Contract step, safe after v?(\d+\.\d+\.\d+):\s*\S/;
const REBUILD = /\/\/\s*Table rebuild, every column kept:\s*\S/;
const TABLE_STEPS = new Set(["drops a table", "renames a table"]);

const BUILDER_CALLS: Record<string, string> = {
  dropTable: "drops a table",
  dropColumn: "drops a column",
  renameColumn: "renames a column",
  renameTo: "renames a table",
  dropView: "drops a view",
  setNotNull: "makes a column NOT NULL",
};

const RAW_SQL: [RegExp, string][] = [
  [/\brename\s+column\b/i, "renames a column"],
  [/\balter\s+table\b[^;]*?\brename\s+to\b/i, "renames a table"],
  [/\bdrop\s+table\b/i, "drops a table"],
  [/\bdrop\s+column\b/i, "drops a column"],
  [/\bdrop\s+view\b/i, "drops a view"],
  [/\bset\s+not\s+null\b/i, "makes a column NOT NULL"],
  [/\badd\s+column\b(?:(?!\bdefault\b)[^;])*?\bnot\s+null\b(?![^;]*\bdefault\b)/i, "adds a NOT NULL column without a default"],
];

/** The functions of a module by name: declarations and `const f = (...) => ...`. */
function localFunctions(source: ts.SourceFile): Map<string, ts.Node> {
  const found = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) found.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
          found.set(d.name.text, d.initializer);
  }
  return found;
}

/** `up` and every local function it calls, directly or not; `down` only if `up` calls it. */
function reachableFromUp(source: ts.SourceFile): ts.Node[] {
  const functions = localFunctions(source);
  const up = functions.get("up");
  if (!up) return [];
  const seen = new Set<ts.Node>([up]);
  const queue = [up];
  while (queue.length) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const callee = functions.get(node.expression.text);
        if (callee && !seen.has(callee)) {
          seen.add(callee);
          queue.push(callee);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(queue.pop()!);
  }
  return [...seen];
}

/** The text of a string or template literal, placeholders as `?`. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join("?");
  return undefined;
}

/** What a node does that the previous release could not live with, if anything. */
function breakingChange(node: ts.Node): string | undefined {
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    const name = node.expression.name.text;
    if (name in BUILDER_CALLS) return BUILDER_CALLS[name];
    // alterTable(…).addColumn(name, type, (c) => c.notNull()) with no default: old inserts fail.
    if (name === "addColumn" && node.expression.expression.getText().includes("alterTable(")) {
      const options = node.arguments[2]?.getText() ?? "";
      if (/\.notNull\(\)/.test(options) && !/\.defaultTo\(|generatedAlwaysAs/.test(options))
        return "adds a NOT NULL column without a default";
    }
  }
  const sqlText = ts.isTaggedTemplateExpression(node) ? literalText(node.template) : literalText(node);
  if (sqlText !== undefined && !ts.isTaggedTemplateExpression(node.parent))
    for (const [pattern, what] of RAW_SQL) if (pattern.test(sqlText)) return what;
  return undefined;
}

/** The comments above the node and above every statement or function around it. */
function commentsAbove(node: ts.Node, text: string): string[] {
  const comments: string[] = [];
  for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent)
    for (const range of ts.getLeadingCommentRanges(text, at.getFullStart()) ?? []) comments.push(text.slice(range.pos, range.end));
  return comments;
}

/** Every widening-rule break in a migration's `up`, marked or not. */
export function findBreakingChanges(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  for (const fn of reachableFromUp(source)) {
    const visit = (node: ts.Node): void => {
      const what = breakingChange(node);
      if (what) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const comments = commentsAbove(node, text);
        const safeAfter = comments.map((c) => CONTRACT.exec(c)?.[1]).find(Boolean);
        const rebuild = TABLE_STEPS.has(what) && comments.some((c) => REBUILD.test(c));
        findings.push({ file, line, what, ...(safeAfter && { safeAfter }), ...(rebuild && { rebuild }) });
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(fn);
  }
  return findings.sort((a, b) => a.line - b.line);
}

/** The released versions of a Keep a Changelog file (its `## [x.y.z]` headings). */
export function releasedVersions(changelog: string): string[] {
  return [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\]/gm)].map((m) => m[1]!);
}

/** Why each finding is not allowed; empty when the migration may ship. */
export function problems(findings: Finding[], released: readonly string[]): string[] {
  return findings.flatMap((f) => {
    const where = `${f.file}:${f.line}: ${f.what}`;
    if (f.rebuild) return [];
    if (!f.safeAfter)
      return [
        `${where}, which the previous release may still use during a rolling upgrade. Widen now (add the new, keep the old) and contract in a later release with "// Contract step, safe after <release>: <why>" (docs/upgrade.md).`,
      ];
    if (!released.includes(f.safeAfter))
      return [
        `${where}: marked safe after ${f.safeAfter}, which is not a release in CHANGELOG.md; a contract step follows a released version.`,
      ];
    return [];
  });
}
