/**
 * The Layout panel's run: its options and the state of the engine job (pure types and defaults).
 */

/** The classes the panel offers (LAYOUT.md "Model classes"). */
export const LAYOUT_CLASSES = [
  { id: 'infantry', label: 'Infantry', hint: '32 mm round, 1.25" tall' },
  { id: 'cavalry', label: 'Cavalry', hint: '60×35 mm oval, 2.5" tall' },
  { id: 'monster', label: 'Monster', hint: '100 mm round, 4.5" tall' },
] as const;

/** Grids the panel offers, inches. 2" is the default: a run takes a second or so (1" takes a few seconds a class). */
export const LAYOUT_GRIDS = [1, 2, 3, 4] as const;

/** What the panel asks the engine for. */
export interface LayoutRunOptions {
  /** Class ids, in the order of {@link LAYOUT_CLASSES}. */
  classes: string[];
  /** The move that defines the enemies' threat zone, inches (0: their territory). */
  threat: number;
  /** Spacing of the standing spots, inches. */
  grid: number;
}

/** The options a fresh panel shows. */
export const DEFAULT_LAYOUT_OPTIONS: LayoutRunOptions = { classes: ['infantry'], threat: 0, grid: 2 };

/** How the engine shared a run's line-of-sight steps with its second thread (`LayoutResult.threads`). */
export interface LayoutRunThreads {
  steps: number;
  helperSteps: number;
}

/** A sentence on the threads a finished run used, e.g. `2 threads (the second ran 8 of 26 line-of-sight steps)`. */
export function threadsText(t: LayoutRunThreads | undefined): string {
  if (!t || t.helperSteps <= 0) return '1 thread';
  return `2 threads (the second ran ${t.helperSteps} of ${t.steps} line-of-sight steps)`;
}

/** The state of the panel's engine job. */
export type LayoutRunState =
  | { name: 'idle' }
  | { name: 'running'; jobId: string; progress: number; classId?: string; stage?: string; startedAt: number; helperSteps?: number }
  | { name: 'done'; ms: number; threads?: LayoutRunThreads }
  | { name: 'stopped'; reason: string }
  | { name: 'failed'; problems: string[] };

/** A sentence for a stage of the analysis. */
export function stageText(stage: string | undefined, classId: string | undefined): string {
  const what: Record<string, string> = {
    spots: 'finding standing spots',
    moves: 'measuring moves',
    visibility: 'checking lines of sight',
    objectives: 'objective reach',
    report: 'writing the report',
  };
  if (!stage) return 'starting';
  return `${classId ?? ''}: ${what[stage] ?? stage}`;
}
