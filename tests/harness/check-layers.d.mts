/** Types for check-layers.mjs, so the architecture bench and the check's test can call its analysis. */
export interface LayerEdge {
  file: string;
  target: string;
  from: string;
  to: string;
}
export interface LayerViolation extends LayerEdge {
  kind: 'upward' | 'cycle' | 'unlisted';
}
export interface LayerAnalysis {
  files: string[];
  edges: LayerEdge[];
  /** Folder-level cycles: strongly connected components of the folder graph with more than one folder. */
  cycles: string[][];
  /** File-level cycles: strongly connected components of the file import graph (type imports included). */
  fileCycles: string[][];
  violations: LayerViolation[];
}
export const folderRanks: Record<string, number>;
export function folderOf(path: string): string | undefined;
export function analyzeLayers(root?: string): LayerAnalysis;
export function formatViolation(v: LayerViolation): string;
