// Calls a route's loader or action as React Router would, without a server: the Request, the URL's
// params and the context server.ts gives (the client IP); thrown redirects and responses become
// outcomes like returned ones.

export type RouteFn = (args: never) => unknown;
export type Form = Record<string, string | string[]>;

export interface Outcome {
  status: number;
  location?: string | null;
  /** The Response a route returned or threw (redirects, downloads, CSV). */
  response?: Response;
  data?: Record<string, unknown> & { status?: string; intent?: string; message?: string };
}

export interface RequestOptions {
  cookie?: string;
  /** Posted as application/x-www-form-urlencoded; an array repeats the field. */
  form?: Form;
  /** Sent as given, after the defaults (e.g. Origin and Host for a same-origin post). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface CallOptions extends RequestOptions {
  params?: Record<string, string>;
  clientIp?: string;
}

function toBody(form: Form): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) for (const v of [value].flat()) body.append(key, v);
  return body;
}

function isDataWithInit(value: unknown): value is { init?: { status?: number } | null; data: Outcome["data"] } {
  return Boolean(value && typeof value === "object" && "init" in value && "data" in value);
}

function asOutcome(value: unknown): Outcome {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), response: value };
  if (isDataWithInit(value)) return { status: value.init?.status ?? 200, data: value.data };
  return { status: 200, data: value as Outcome["data"] };
}

/** A GET, or with `form` a form POST, carrying the session cookie when given. */
export function buildRequest(url: string, options: RequestOptions = {}): Request {
  const headers = new Headers();
  const init: RequestInit = { headers, signal: options.signal };
  if (options.form) {
    init.method = "POST";
    init.body = toBody(options.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  if (options.cookie) headers.set("Cookie", options.cookie);
  return new Request(url, init);
}

/** `path` is on http://localhost; the context carries `clientIp` as server.ts would. */
export async function call(fn: RouteFn, path: string, options: CallOptions = {}): Promise<Outcome> {
  const request = buildRequest(`http://localhost${path}`, options);
  try {
    return asOutcome(
      await fn({ request, params: options.params ?? {}, context: { clientIp: options.clientIp ?? "203.0.113.9" } } as never),
    );
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return asOutcome(error);
    throw error;
  }
}
