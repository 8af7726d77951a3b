import { describe, expect, test } from "vitest";
import { formatBytes, formatStorageUse } from "~/lib/file-kinds";
import { parseEnv } from "~/server/env.server";

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe("File sizes and limits read as people say them", () => {
  test("Sizes count in powers of 1024 as SPEC does, a decimal only below 10 of a unit, and never read 1024 of a unit", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(1023)).toBe("1,023 bytes");
    expect(formatBytes(KB)).toBe("1 kB");
    expect(formatBytes(340 * KB)).toBe("340 kB");
    expect(formatBytes(1.25 * MB)).toBe("1.3 MB");
    expect(formatBytes(MB - 1)).toBe("1 MB");
    // SPEC: "Over 10 MB (10485760 bytes)".
    expect(formatBytes(10_485_760)).toBe("10 MB");
    expect(formatBytes(25 * MB)).toBe("25 MB");
    expect(formatBytes(5 * GB)).toBe("5 GB");
  });

  test("Sizes follow the agency's locale", () => {
    expect(formatBytes(5.4 * GB, "de-DE")).toBe("5,4\u00a0GB");
    expect(formatBytes(12, "de-DE")).toBe("12 Byte");
  });

  test("The default file limit and project quota read as round numbers", () => {
    // An AUTH_SECRET of its own, so that reading the defaults writes no data/auth-secret.
    const defaults = parseEnv({ AUTH_SECRET: "file-sizes-test-secret-0123456789abcdef" });
    expect(formatBytes(defaults.FILE_MAX_BYTES)).toBe("100 MB");
    expect(formatBytes(defaults.PROJECT_QUOTA_BYTES)).toBe("5 GB");
  });

  test("Storage use says its share of the quota, never a misleading 0 % once something is stored", () => {
    expect(formatStorageUse(0, 5 * GB)).toBe("Nothing of 5 GB used yet");
    expect(formatStorageUse(3.2 * MB, 5 * GB)).toBe("Under 1% of 5 GB used (3.2 MB)");
    expect(formatStorageUse(614.4 * MB, 5 * GB)).toBe("12% of 5 GB used (614 MB)");
    expect(formatStorageUse(6 * GB, 5 * GB)).toBe("100% of 5 GB used (6 GB)");
  });
});
