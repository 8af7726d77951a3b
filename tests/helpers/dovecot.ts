import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type AddressInfo } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";

// A real IMAP server for the tests (decision 0100): Debian's dovecot-imapd, started in the
// foreground on a free loopback port with a throw-away config, mail directory and one passwd-file
// user, no TLS. Killed by stop(). Missing binary: `dovecotBinary()` is undefined and the suite skips.

export const DOVECOT_BIN = process.env.DOVECOT_BIN ?? "/usr/sbin/dovecot";

export function dovecotBinary(): string | undefined {
  return existsSync(DOVECOT_BIN) ? DOVECOT_BIN : undefined;
}

export interface TestDovecot {
  /** imap://user:password@127.0.0.1:PORT/INBOX */
  url: string;
  port: number;
  user: string;
  password: string;
  /** A fresh logged-in client (the test closes it). */
  client(): Promise<ImapFlow>;
  /** Delivers a message into INBOX by APPEND, unseen. */
  append(raw: Buffer): Promise<void>;
  /** The flags of every message in INBOX, by Message-ID header (or uid). */
  flags(): Promise<Map<string, string[]>>;
  /** Removes every message from INBOX. */
  empty(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** uid and gid of a system account from /etc/passwd. */
function account(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

async function greeted(port: number, deadline: number, child: ChildProcess, log: string): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dovecot exited (${child.exitCode}):\n${readLog(log)}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port });
      socket.setTimeout(1_000);
      socket.once("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("* OK"));
      });
      socket.once("error", () => resolve(false));
      socket.once("timeout", () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`dovecot did not answer on port ${port}:\n${readLog(log)}`);
}

const readLog = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").slice(-4_000) : "(no log)");

export async function startDovecot(): Promise<TestDovecot> {
  const binary = dovecotBinary();
  if (!binary) throw new Error(`dovecot is not installed at ${DOVECOT_BIN}`);
  const root = mkdtempSync(path.join(tmpdir(), "dovecot-"));
  // Its login and mail processes may run as other users: they must reach the files below.
  chmodSync(root, 0o755);
  const me = userInfo();
  // Dovecot refuses to run its login process or mail access as root: under root (a container),
  // the Debian package's own login user and `nobody` for the mailbox.
  const asRoot = me.uid === 0;
  const loginUser = asRoot ? (account("dovenull") ? "dovenull" : "nobody") : me.username;
  const mailOwner = asRoot ? (account("nobody") ?? { uid: 65534, gid: 65534 }) : { uid: me.uid, gid: me.gid };
  const mailDir = path.join(root, "mail");
  mkdirSync(mailDir);
  mkdirSync(path.join(root, "run"));
  mkdirSync(path.join(root, "state"));
  if (asRoot) chownSync(mailDir, mailOwner.uid, mailOwner.gid);
  const user = "support";
  const password = "imap-test-password";
  const port = await freePort();
  writeFileSync(path.join(root, "passwd"), `${user}:{PLAIN}${password}:${mailOwner.uid}:${mailOwner.gid}::${mailDir}::\n`);
  const log = path.join(root, "dovecot.log");
  const config = path.join(root, "dovecot.conf");
  writeFileSync(
    config,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${log}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${me.username}
default_login_user = ${loginUser}
first_valid_uid = ${mailOwner.uid}
mail_location = maildir:${mailDir}/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${root}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${root}/passwd
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );
  const child = spawn(binary, ["-F", "-c", config], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await greeted(port, Date.now() + 15_000, child, log);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }

  const client = async () => {
    const imap = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: password }, logger: false });
    await imap.connect();
    return imap;
  };
  const withInbox = async <T>(work: (imap: ImapFlow) => Promise<T>): Promise<T> => {
    const imap = await client();
    try {
      const lock = await imap.getMailboxLock("INBOX");
      try {
        return await work(imap);
      } finally {
        lock.release();
      }
    } finally {
      await imap.logout();
    }
  };

  return {
    url: `imap://${user}:${password}@127.0.0.1:${port}/INBOX`,
    port,
    user,
    password,
    client,
    append: async (raw) => {
      const imap = await client();
      try {
        await imap.append("INBOX", raw);
      } finally {
        await imap.logout();
      }
    },
    flags: () =>
      withInbox(async (imap) => {
        const flags = new Map<string, string[]>();
        if (!imap.mailbox || imap.mailbox.exists === 0) return flags;
        for await (const message of imap.fetch("1:*", { uid: true, flags: true, envelope: true })) {
          flags.set(message.envelope?.messageId ?? String(message.uid), [...(message.flags ?? [])].sort());
        }
        return flags;
      }),
    empty: () =>
      withInbox(async (imap) => {
        if (imap.mailbox && imap.mailbox.exists > 0) await imap.messageDelete("1:*");
      }),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
