// "Continue with Google" against the local OpenID provider (oidc.ts), driven server-side: the app
// configured for the provider, a browser's cookie jar, the provider's redirects followed back to the
// app, and the app's callback through its /api/auth/* route.
import * as authApi from "~/routes/resources/auth-api";
import { useAppDatabase, type TestDatabase } from "./databases";
import { startOidcProvider, type OidcAccount, type TestOidcProvider } from "./oidc";
import { buildRequest } from "./routes";

/** The app's own address in these flows (its APP_URL). */
export const APP_URL = "http://localhost:3000";
/** Where the README tells operators to register the app with Google. */
export const GOOGLE_CALLBACK = `${APP_URL}/api/auth/callback/google`;

/** A browser's cookie jar for one origin, good enough for these flows. */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  has(fragment: string) {
    return [...this.cookies.keys()].some((k) => k.includes(fragment));
  }
}

/**
 * A fresh app database (as `useAppDatabase`) whose Google sign-in points at a local provider with
 * `accounts`; cleanup also stops the provider.
 */
export async function useAppWithGoogle(
  database: TestDatabase,
  { accounts, redirectUris = [GOOGLE_CALLBACK] }: { accounts: OidcAccount[]; redirectUris?: string[] },
): Promise<{ oidc: TestOidcProvider; cleanup: () => Promise<void> }> {
  const oidc = await startOidcProvider({ redirectUris, accounts });
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a test helper named like one, not a React hook
  const app = await useAppDatabase(database, {
    APP_URL,
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
  });
  return {
    oidc,
    async cleanup() {
      await app.cleanup();
      await oidc.stop();
    },
  };
}

/**
 * Follows the provider's redirects (its own cookies kept) from an authorization URL until it sends
 * the browser back to the app; returns that URL.
 */
export async function throughProvider(authorizationUrl: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin === APP_URL) return url;
    const response = await fetch(url, { redirect: "manual", headers: { Cookie: jar.header() } });
    jar.take(response.headers);
    const location = response.headers.get("location");
    if (!location) throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error("too many redirects at the provider");
}

/** The app's callback (through its /api/auth/* route), its cookies into `jar`; returns where Better Auth sends the browser. */
export async function throughAppCallback(callbackUrl: URL, jar: CookieJar): Promise<URL> {
  const response = await authApi.loader({
    request: buildRequest(callbackUrl.toString(), { cookie: jar.header() }),
    params: {},
    context: { clientIp: "203.0.113.20" },
  } as never);
  jar.take(response.headers);
  const location = response.headers.get("location");
  if (!location) throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  return new URL(location, APP_URL);
}
