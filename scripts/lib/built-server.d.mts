// Types for built-server.mjs, for the TypeScript scripts that start built servers (test-cluster).
import type { ChildProcess } from "node:child_process";

export interface DataDir {
  dir: string;
  databaseFile: string;
  storageDir: string;
  remove(): void;
}

export interface StartedServer {
  url: string;
  port: number;
  child: ChildProcess;
  coldStartMs: number;
  stderr(): string;
  rssMiB(): number | null;
  residentMiB(): { rss: number; file: number; anon: number } | null;
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;
export function requireBuild(command: string): void;
export function tempDataDir(prefix: string): DataDir;
export function serverEnv(data: DataDir, port: number, extra?: Record<string, string>): Record<string, string>;
export function startServer(options: {
  data: DataDir;
  port?: number;
  env?: Record<string, string>;
  readyPath?: string;
  pollMs?: number;
  timeoutMs?: number;
  root?: string;
  nodeArgs?: string[];
}): Promise<StartedServer>;

/** The V8 flags every launcher of the server passes. */
export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_GLIBC_TUNABLES: string;
