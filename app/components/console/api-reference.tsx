import { Fragment } from "react";
import { href, Link } from "react-router";
import type { FieldRow, OperationView, ReferenceView } from "~/lib/api/reference";

// The API reference page's body: how to call, each operation with its scope, parameters and
// answer, the resources' fields, and the problem types errors name.

const anchor = (name: string) => `schema-${name}`;
const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";

function Fields({ rows, caption, withIn = false }: { rows: (FieldRow & { in?: string })[]; caption: string; withIn?: boolean }) {
  if (rows.length === 0) return null;
  return (
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-slate-600 dark:text-slate-400">
        <tr>
          <th scope="col" className="py-1 pr-3">
            Name
          </th>
          {withIn ? (
            <th scope="col" className="py-1 pr-3">
              In
            </th>
          ) : null}
          <th scope="col" className="py-1 pr-3">
            Type
          </th>
          <th scope="col" className="py-1">
            About
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((row) => (
          <tr key={`${row.in ?? ""}${row.name}`} className="align-top text-slate-800 dark:text-slate-200">
            <td className="py-1 pr-3 font-mono text-xs">
              {row.name}
              {row.required ? <span className="text-red-700 dark:text-red-300"> *</span> : null}
            </td>
            {withIn ? <td className="py-1 pr-3">{row.in}</td> : null}
            <td className="py-1 pr-3 font-mono text-xs break-all">{row.type}</td>
            <td className="py-1">{row.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Operation({ op }: { op: OperationView }) {
  return (
    <article id={`op-${op.id}`} className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h4 className="font-mono text-sm font-semibold text-slate-900 dark:text-white">
        {op.method} {op.path}
      </h4>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{op.summary}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Scope <code className="font-mono">{op.scope}</code> · answers {op.status} with{" "}
        {op.response === "the file's bytes" ? (
          op.response
        ) : (
          <a href={`#${anchor(op.response)}`} className={LINK}>
            {op.response}
          </a>
        )}
        {op.body ? (
          <>
            {" "}
            · body{" "}
            <a href={`#${anchor(op.body)}`} className={LINK}>
              {op.body}
            </a>
          </>
        ) : null}
      </p>
      <Fields rows={op.parameters} caption={`Parameters of ${op.id}`} withIn />
    </article>
  );
}

export function ApiReference({ view }: { view: ReferenceView }) {
  return (
    <section aria-labelledby="api-reference-heading" className="max-w-5xl space-y-8">
      <div>
        <h2 id="api-reference-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          API reference
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{view.description}</p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Base address <code className="font-mono">{view.baseUrl}</code> · the machine-readable document:{" "}
          <a href="/api/v1/openapi.json" className={LINK}>
            openapi.json
          </a>{" "}
          · tokens:{" "}
          <Link to={href("/employee-dashboard/settings/api-tokens")} className={LINK}>
            Settings → API tokens
          </Link>{" "}
          (admins)
        </p>
        <pre className="mt-3 overflow-x-auto rounded-xl bg-slate-900 p-3 text-xs text-slate-100">
          {`curl -H "Authorization: Bearer ak_…" "${view.baseUrl}/leads?limit=25"`}
        </pre>
      </div>
      {view.groups.map((group) => (
        <section key={group.tag} aria-labelledby={`tag-${group.tag}`} className="space-y-3">
          <h3 id={`tag-${group.tag}`} className="text-lg font-semibold capitalize text-slate-900 dark:text-white">
            {group.tag}
          </h3>
          {group.operations.map((op) => (
            <Operation key={op.id} op={op} />
          ))}
        </section>
      ))}
      <section aria-labelledby="schemas-heading" className="space-y-3">
        <h3 id="schemas-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Resources and bodies
        </h3>
        {view.schemas.map((schema) => (
          <article key={schema.name} id={anchor(schema.name)} className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
            <h4 className="font-mono text-sm font-semibold text-slate-900 dark:text-white">{schema.name}</h4>
            {schema.description ? <p className="text-sm text-slate-600 dark:text-slate-400">{schema.description}</p> : null}
            <Fields rows={schema.fields} caption={`Fields of ${schema.name}`} />
          </article>
        ))}
      </section>
      <section aria-labelledby="problems-heading">
        <h3 id="problems-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Problems
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Errors are RFC 9457 problem details (<code>application/problem+json</code>); a field error lists each field in <code>errors</code>
          .
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {view.problems.map((p) => (
            <Fragment key={p.type}>
              <dt id={`problem-${p.type}`} className="font-mono text-xs text-slate-800 dark:text-slate-200">
                {p.status} {p.type}
              </dt>
              <dd className="text-slate-700 dark:text-slate-300">{p.title}</dd>
            </Fragment>
          ))}
        </dl>
      </section>
    </section>
  );
}
