// A real OpenID Connect provider (the `oidc-provider` package, 8.x: the last major that supports
// Node 20) on 127.0.0.1 and a random port, standing in for Google in tests.
//
// - One confidential client (client_secret_post, authorization code, PKCE S256 required).
// - Accounts are configured per test (`setAccounts`, `addAccount`); `findAccount` serves their
//   sub / email / email_verified / name as ID token and userinfo claims.
// - Instead of the provider's dev login/consent pages, our own interaction route signs in the
//   account chosen with `useAccount` (default: the first one) and consents at once, so a headless
//   browser (or a fetch loop) completes the flow without filling anything in.
// - `prompt=select_account` is a supported prompt (Google's), and every authorization request's
//   query is recorded in `authorizationRequests` for assertions.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  /** Google's hosted-domain claim (Workspace accounts), when the test needs one. */
  hd?: string;
}

export interface OidcProviderOptions {
  clientId?: string;
  clientSecret?: string;
  /** Registered redirect URIs, e.g. `${APP_URL}/api/auth/callback/google`. */
  redirectUris: string[];
  accounts?: OidcAccount[];
}

export interface TestOidcProvider {
  /** `http://127.0.0.1:{port}`; also the discovery base (`{issuer}/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Query parameters of every request to the authorization endpoint, oldest first. */
  authorizationRequests: URLSearchParams[];
  /** Sub of every account our interaction route signed in, oldest first. */
  signIns: string[];
  setAccounts(accounts: OidcAccount[]): void;
  addAccount(account: OidcAccount): void;
  /** The account the next interaction signs in (by sub); unset = the first configured account. */
  useAccount(sub: string | undefined): void;
  stop(): Promise<void>;
}

// The package ships no types; this is the part of its API the helper uses.
interface InteractionDetails {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
}
interface GrantInstance {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface ProviderInstance {
  proxy: boolean;
  Grant: new (init: { accountId: string; clientId: string }) => GrantInstance;
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  use(middleware: (ctx: { path: string; querystring: string; method: string }, next: () => Promise<void>) => Promise<void>): void;
  on(event: string, listener: (...args: unknown[]) => void): void;
}
interface OidcModule {
  default: new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;
  interactionPolicy: {
    base(): { add(prompt: unknown, index?: number): void };
    Prompt: new (options: { name: string; requestable: boolean }) => unknown;
  };
}

const MODULE = "oidc-provider";

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  // Loaded by name at run time: the package has no type declarations.
  const { default: Provider, interactionPolicy } = (await import(/* @vite-ignore */ MODULE)) as OidcModule;
  const clientId = options.clientId ?? "test-google-client";
  const clientSecret = options.clientSecret ?? `secret-${randomBytes(12).toString("hex")}`;
  let accounts = new Map((options.accounts ?? []).map((a) => [a.sub, a]));
  let chosen: string | undefined;
  const authorizationRequests: URLSearchParams[] = [];
  const signIns: string[] = [];

  // The issuer URL contains the port, so the provider is created once the server listens.
  const route: { handle?: (req: http.IncomingMessage, res: http.ServerResponse) => void } = {};
  const server = http.createServer((req, res) => {
    if (!route.handle) {
      res.statusCode = 503;
      res.end();
      return;
    }
    route.handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" };

  // Google's prompt=select_account: requestable, and our interaction resolves it.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: "select_account", requestable: true }), 0);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified", "hd"], profile: ["name"] },
    // Put the scope's claims (email, email_verified) into the ID token too, as Google does.
    conformIdTokenClaims: false,
    pkce: { methods: ["S256"], required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const hd = account.hd === undefined ? {} : { hd: account.hd };
          return {
            sub,
            email: account.email,
            email_verified: account.email_verified,
            name: account.name ?? account.email.split("@")[0],
            ...hd,
          };
        },
      };
    },
    ttl: { Session: 600, Interaction: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
  });
  provider.use(async (ctx, next) => {
    if (ctx.method === "GET" && ctx.path === "/auth") authorizationRequests.push(new URLSearchParams(ctx.querystring));
    await next();
  });
  // Errors the provider renders to the browser are easier to debug when they also reach the log.
  for (const event of ["authorization.error", "grant.error", "server_error", "userinfo.error"]) {
    provider.on(event, (_ctx, error) => console.warn(`[oidc-provider] ${event}:`, (error as Error)?.message ?? error));
  }

  const providerCallback = provider.callback();
  route.handle = (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const match = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      providerCallback(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const sub = chosen ?? [...accounts.keys()][0];
        if (!sub || !accounts.has(sub)) throw new Error(`no account to sign in (chosen: ${chosen ?? "none"})`);
        signIns.push(sub);
        const grant = new provider.Grant({ accountId: sub, clientId });
        grant.addOIDCScope(String(details.params.scope ?? "openid"));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { select_account: {}, login: { accountId: sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end(`interaction failed: ${(error as Error).message}`);
      }
    })();
  };

  return {
    issuer,
    clientId,
    clientSecret,
    authorizationRequests,
    signIns,
    setAccounts(list) {
      accounts = new Map(list.map((a) => [a.sub, a]));
    },
    addAccount(account) {
      accounts.set(account.sub, account);
    },
    useAccount(sub) {
      chosen = sub;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
