import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";

// The DKIM_* variables, checked at boot by env.server.ts (decision 0065): nodemailer reads the key
// only when a message leaves, and when signing fails it sends the message unsigned without a word,
// so a bad key must stop the server instead. A leaf, like env.server.ts: it imports nothing of ours.

/** What nodemailer's `dkim` option takes. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  /** PKCS#8 PEM of an RSA key. */
  privateKey: string;
  headerFieldNames: string;
}

export interface DkimVariables {
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
  DKIM_PRIVATE_KEY_FILE?: string;
  MAIL_FROM: string;
}

/** One boot error: the variable it is about and what is wrong. */
interface DkimIssue {
  variable: keyof DkimVariables;
  message: string;
}

// nodemailer's own list (RFC 4871 5.5), plus Auto-Submitted and List-Unsubscribe-Post: RFC 8058
// one-click unsubscribe counts only when the signature covers both List-Unsubscribe headers.
const SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:" +
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:" +
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Subscribe:List-Post:List-Owner:List-Archive:" +
  "List-Unsubscribe-Post:Auto-Submitted";

const MIN_KEY_BITS = 1024;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SELECTOR = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** The domain of MAIL_FROM's address (`Name <a@b.example>` or `a@b.example`). */
function fromDomain(mailFrom: string): string | undefined {
  return /@([a-z0-9.-]+)>?\s*$/i.exec(mailFrom)?.[1]?.toLowerCase();
}

/** DMARC counts a DKIM pass only when d= is the From domain or shares it (relaxed alignment). */
function aligned(domain: string, from: string): boolean {
  return from === domain || from.endsWith(`.${domain}`) || domain.endsWith(`.${from}`);
}

function readKeyText(vars: DkimVariables, issues: DkimIssue[]): string | undefined {
  const file = vars.DKIM_PRIVATE_KEY_FILE?.trim();
  if (vars.DKIM_PRIVATE_KEY?.trim() && file) {
    issues.push({ variable: "DKIM_PRIVATE_KEY_FILE", message: "set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both" });
    return undefined;
  }
  // An env file holds one line per variable, so a PEM pasted there comes with "\n" for its breaks.
  if (!file) return vars.DKIM_PRIVATE_KEY!.replace(/\\n/g, "\n");
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    issues.push({ variable: "DKIM_PRIVATE_KEY_FILE", message: `cannot be read (${code}): ${file}` });
    return undefined;
  }
}

function parseKey(text: string, variable: keyof DkimVariables, issues: DkimIssue[]): KeyObject | undefined {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: "pem" });
  } catch {
    // OpenSSL says only "interrupted or cancelled" when it wanted a passphrase: read the PEM instead.
    const encrypted = /BEGIN ENCRYPTED PRIVATE KEY|Proc-Type: 4,ENCRYPTED/.test(text);
    issues.push({
      variable,
      message: encrypted
        ? "is an encrypted key: give it without a passphrase (openssl pkey -in key.pem -out plain.pem)"
        : "must be a PEM private key (-----BEGIN PRIVATE KEY----- … or -----BEGIN RSA PRIVATE KEY----- …)",
    });
    return undefined;
  }
  if (key.asymmetricKeyType !== "rsa") {
    issues.push({
      variable,
      message: `must be an RSA key (nodemailer signs rsa-sha256 only), not ${key.asymmetricKeyType ?? "this type"}`,
    });
    return undefined;
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_KEY_BITS) {
    issues.push({ variable, message: `is ${bits} bits: receivers ignore RSA keys under ${MIN_KEY_BITS} bits (use 2048)` });
    return undefined;
  }
  return key;
}

/**
 * DKIM settings from the environment: none when no DKIM variable is set, all of them or a list of
 * what is wrong otherwise (a missing variable, a bad domain or selector, a key that is not a
 * readable, unencrypted RSA PEM of 1024 bits or more, a domain DMARC would not align with MAIL_FROM).
 */
export function dkimFromEnv(vars: DkimVariables): { settings?: DkimSettings; issues: DkimIssue[] } {
  const issues: DkimIssue[] = [];
  const domain = vars.DKIM_DOMAIN?.trim();
  const selector = vars.DKIM_SELECTOR?.trim();
  const hasKey = Boolean(vars.DKIM_PRIVATE_KEY?.trim() || vars.DKIM_PRIVATE_KEY_FILE?.trim());
  if (!domain && !selector && !hasKey) return { issues };
  if (!domain || !selector || !hasKey) {
    const missing = [!domain && "DKIM_DOMAIN", !selector && "DKIM_SELECTOR", !hasKey && "DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE)"];
    const message = `DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) must be set together; missing: ${missing.filter(Boolean).join(", ")}`;
    return { issues: [{ variable: !domain ? "DKIM_DOMAIN" : !selector ? "DKIM_SELECTOR" : "DKIM_PRIVATE_KEY", message }] };
  }
  if (!DOMAIN.test(domain)) issues.push({ variable: "DKIM_DOMAIN", message: "must be a domain such as example.com" });
  else {
    const from = fromDomain(vars.MAIL_FROM);
    if (from && !aligned(domain.toLowerCase(), from))
      issues.push({
        variable: "DKIM_DOMAIN",
        message: `must be MAIL_FROM's domain (${from}) or a parent or subdomain of it, or DMARC ignores the signature`,
      });
  }
  if (!SELECTOR.test(selector))
    issues.push({ variable: "DKIM_SELECTOR", message: "must be a DNS label such as mail2026 (letters, digits, hyphens, dots)" });
  const text = readKeyText(vars, issues);
  const key =
    text === undefined ? undefined : parseKey(text, vars.DKIM_PRIVATE_KEY?.trim() ? "DKIM_PRIVATE_KEY" : "DKIM_PRIVATE_KEY_FILE", issues);
  if (issues.length > 0 || !key) return { issues };
  return {
    issues,
    settings: {
      domainName: domain.toLowerCase(),
      keySelector: selector,
      privateKey: key.export({ type: "pkcs8", format: "pem" }).toString(),
      headerFieldNames: SIGNED_HEADERS,
    },
  };
}
