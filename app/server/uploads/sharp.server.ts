import type sharpModule from "sharp";

// sharp (libvips) is loaded on first use, not at boot: a server that handles no image this run
// keeps its shared library and allocations (~7 MiB resident at idle) out of memory (decision 0108).
let loading: Promise<typeof sharpModule> | undefined;

export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
