import { Form, useNavigation } from "react-router";
import { Time } from "~/components/time";
import { ActionMessage } from "~/components/forms/action-message";
import type { ApiScope } from "~/lib/api/scopes";
import type { FormResult } from "~/lib/form-result";

// The API tokens page's list: what each token opens, when it expires, its last use, and "Revoke".

export interface ApiTokenRow {
  id: string;
  name: string;
  tokenStart: string;
  scopes: ApiScope[];
  createdByName: string;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  state: "active" | "expired" | "revoked";
}

const STATE_LABELS = { active: "Active", expired: "Expired", revoked: "Revoked" } as const;

export function ApiTokenList({ tokens, outcome }: { tokens: ApiTokenRow[]; outcome?: FormResult }) {
  const navigation = useNavigation();
  const pendingId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  if (tokens.length === 0) return <p className="mt-3 text-slate-600 dark:text-slate-400">No tokens yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Name
            </th>
            <th scope="col" className="py-2 pr-4">
              Scopes
            </th>
            <th scope="col" className="py-2 pr-4">
              Expires
            </th>
            <th scope="col" className="py-2 pr-4">
              Last used
            </th>
            <th scope="col" className="py-2 pr-4">
              State
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {tokens.map((token) => (
            <tr key={token.id} data-testid="api-token-row" className="align-top text-slate-800 dark:text-slate-200">
              <td className="py-3 pr-4">
                <span className="font-medium">{token.name}</span>
                <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{token.tokenStart}…</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  by {token.createdByName}, <Time at={token.createdAt} />
                </span>
              </td>
              <td className="py-3 pr-4 font-mono text-xs">{token.scopes.join(" ")}</td>
              <td className="py-3 pr-4">
                <Time at={token.expiresAt} />
              </td>
              <td className="py-3 pr-4">{token.lastUsedAt === null ? "Never" : <Time at={token.lastUsedAt} withTime />}</td>
              <td className="py-3 pr-4">{STATE_LABELS[token.state]}</td>
              <td className="py-3">
                {token.state === "active" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="id" value={token.id} />
                    <button type="submit" className="btn-secondary" disabled={pendingId === token.id} aria-label={`Revoke ${token.name}`}>
                      Revoke
                    </button>
                  </Form>
                ) : null}
                {outcome?.targetId === token.id ? <ActionMessage outcome={outcome} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
