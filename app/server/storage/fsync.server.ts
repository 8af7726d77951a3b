import fs from "node:fs/promises";

// Durable writes (file store, backups): a rename or a new file survives a power cut only once the
// file and its directory have been flushed.

export async function fsyncPath(file: string): Promise<void> {
  const handle = await fs.open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function fsyncDir(dir: string): Promise<void> {
  try {
    await fsyncPath(dir);
  } catch (error) {
    // Windows cannot open or fsync a directory; elsewhere this is a real failure.
    if (process.platform !== "win32") throw error;
  }
}
