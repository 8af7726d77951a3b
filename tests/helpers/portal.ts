import { auth } from "~/server/auth/auth.server";

export interface TestClient {
  id: string;
  email: string;
  cookie: string;
}

/** Registers a real account through Better Auth and returns its session cookie. */
export async function signUp(email: string, name = "Test Client"): Promise<TestClient> {
  const { headers, response } = await (await auth()).api.signUpEmail({
    body: { email, password: "correct-horse-battery-staple", name },
    returnHeaders: true,
  });
  const cookie = (headers.getSetCookie?.() ?? [headers.get("set-cookie") ?? ""])
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error("sign-up returned no session cookie");
  return { id: response.user.id, email, cookie };
}

type RouteFn = (args: never) => unknown;
export interface Outcome {
  status: number;
  location?: string | null;
  data?: Record<string, unknown> & { status?: string; intent?: string; message?: string };
}

function asOutcome(value: unknown): Outcome {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const v = value as { init?: { status?: number } | null; data: Outcome["data"] };
    return { status: v.init?.status ?? 200, data: v.data };
  }
  return { status: 200, data: value as Outcome["data"] };
}

/** Calls a loader or action as React Router would, turning thrown responses into outcomes. */
export async function call(fn: RouteFn, path: string, options: { cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  const init: RequestInit = { headers };
  if (options.form) {
    init.method = "POST";
    init.body = new URLSearchParams(options.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const request = new Request(`http://localhost${path}`, init);
  try {
    return asOutcome(await fn({ request, params: {}, context: { clientIp: "203.0.113.9" } } as never));
  } catch (error) {
    if (error instanceof Response) return asOutcome(error);
    throw error;
  }
}
