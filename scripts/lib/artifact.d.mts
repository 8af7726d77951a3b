// Types for artifact.mjs, for the TypeScript scripts that test the artifact (test-artifact).
export const ARTIFACT_FILES: string[];
export function missingBuildOutputs(root?: string): string[];
export function productionManifest(manifest: Record<string, unknown>): Record<string, unknown>;
export function writeArtifact(target: string, root?: string): void;
