import { readFileSync } from "node:fs";
import { parse } from "yaml";

// compose.yaml read as Docker Compose reads it: the YAML is parsed, then in every string value
// ${VAR}, ${VAR:-default} and ${VAR:?error} are filled in from the variables (.env) and $$ becomes
// a literal $. Enough of the Compose Specification's interpolation for this file; `docker compose
// config` is the full one.

export type Variables = Record<string, string>;

export function interpolate(text: string, variables: Variables): string {
  return text.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:[-?])([^}]*))?\}/g, (match, name?: string, operator?: string, word = "") => {
    if (match === "$$") return "$";
    const value = variables[name!] ?? "";
    if (operator === ":?" && value === "") throw new Error(`compose: ${name}: ${word}`);
    if (operator === ":-" && value === "") return word;
    return value;
  });
}

/** The variables a Compose .env file sets (KEY=value lines, optionally double-quoted). */
export function readEnvFile(file: string): Variables {
  const variables: Variables = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const found = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (found) variables[found[1]!] = found[2]!.replace(/^"(.*)"$/, "$1");
  }
  return variables;
}

/** Every variable name the file interpolates. */
export function variablesUsed(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<!\$)\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!));
}

export type ComposeService = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  command?: string[];
};

export type ComposeFile = {
  services: Record<string, ComposeService>;
  configs?: Record<string, { content?: string }>;
  networks?: Record<string, { ipam?: { config?: { subnet: string }[] } }>;
  volumes?: Record<string, unknown>;
};

export function loadCompose(file: string, variables: Variables): ComposeFile {
  return interpolateValues(parse(readFileSync(file, "utf8"), { merge: true }), variables) as ComposeFile;
}

function interpolateValues(value: unknown, variables: Variables): unknown {
  if (typeof value === "string") return interpolate(value, variables);
  if (Array.isArray(value)) return value.map((item) => interpolateValues(item, variables));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateValues(item, variables)]));
  }
  return value;
}
