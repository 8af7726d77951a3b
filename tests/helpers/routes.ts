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

export interface CallOptions {
  cookie?: string;
  /** Posted as application/x-www-form-urlencoded; an array repeats the field. */
  form?: Form;
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

export async function call(fn: RouteFn, path: string, options: CallOptions = {}): Promise<Outcome> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  const init: RequestInit = { headers };
  if (options.form) {
    init.method = "POST";
    init.body = toBody(options.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const request = new Request(`http://localhost${path}`, init);
  try {
    return asOutcome(await fn({ request, params: options.params ?? {}, context: { clientIp: options.clientIp ?? "203.0.113.9" } } as never));
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return asOutcome(error);
    throw error;
  }
}
