import { describe, expect, test } from "vitest";
import { formatBytes, formatStorageUse } from "~/lib/file-kinds";
import { parseEnv } from "~/server/env.server";

describe("File sizes and limits read as people say them", () => {
  test("Sizes use powers of ten, a decimal only below 10 of a unit, and never read 1000 of a unit", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(999)).toBe("999 bytes");
    expect(formatBytes(1000)).toBe("1 kB");
    expect(formatBytes(340_000)).toBe("340 kB");
    expect(formatBytes(1_250_000)).toBe("1.3 MB");
    expect(formatBytes(999_999)).toBe("1 MB");
    expect(formatBytes(100_000_000)).toBe("100 MB");
    expect(formatBytes(5_000_000_000)).toBe("5 GB");
    expect(formatBytes(25_000_000)).toBe("25 MB");
  });

  test("Sizes follow the agency's locale", () => {
    expect(formatBytes(5_400_000_000, "de-DE")).toBe("5,4\u00a0GB");
    expect(formatBytes(12, "de-DE")).toBe("12 Byte");
  });

  test("The default file limit and project quota read as round numbers", () => {
    // An AUTH_SECRET of its own, so that reading the defaults writes no data/auth-secret.
    const defaults = parseEnv({ AUTH_SECRET: "file-sizes-test-secret-0123456789abcdef" });
    expect(formatBytes(defaults.FILE_MAX_BYTES)).toBe("100 MB");
    expect(formatBytes(defaults.PROJECT_QUOTA_BYTES)).toBe("5 GB");
  });

  test("Storage use says its share of the quota, never a misleading 0 % once something is stored", () => {
    expect(formatStorageUse(0, 5_000_000_000)).toBe("Nothing of 5 GB used yet");
    expect(formatStorageUse(3_200_000, 5_000_000_000)).toBe("Under 1% of 5 GB used (3.2 MB)");
    expect(formatStorageUse(600_000_000, 5_000_000_000)).toBe("12% of 5 GB used (600 MB)");
    expect(formatStorageUse(6_000_000_000, 5_000_000_000)).toBe("100% of 5 GB used (6 GB)");
  });
});
