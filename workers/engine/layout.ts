/**
 * Layout ({@link EngineLayout}, the last layer of `EngineApi`): the layout analysis (LAYOUT.md,
 * `src/layout/analyse.ts`) of the loaded table as a cancellable job whose spot relations are
 * shared step by step with the visibility helper, and the proof for one standing spot.
 */
import { layoutCore, layoutOptionProblems, type LayoutProgress, type LayoutReport, type RelateAsk } from '../../src/layout/analyse';
import { spotProof } from '../../src/layout/spotProof';
import { addRelationWork, jobOfTask, relationResult, relationStepRows, relationTask, runRelationStep, setRelationRows, type SpotRelation } from '../../src/layout/spotVisibility';
import type { World } from '../../src/geometry/world';
import type { LayoutStepAnswer } from '../visibilityHelper';
import { notify, now, release, sleep, yieldToEvents, type RunningJob } from './jobs';
import type { JobStopped, LayoutJobOptions, LayoutJobProgress, LayoutResult, ProgressCallback, SpotProofResult } from './types';
import { EngineVisibility } from './visibility';

/** Items of a layout job: its progress is reported in per mille of the run. */
const LAYOUT_JOB_ITEMS = 1000;

/**
 * Relation steps the visibility helper holds at most in a layout job (sent, not yet answered): one
 * it runs and one queued, so it never waits for this thread (which reads answers only between its
 * own steps, up to ~400 ms each) and at most one queued step is left to take back at the end.
 */
const HELPER_LAYOUT_STEPS = 2;

/** A running layout job, as its relations see it (see `EngineApi.layout`). */
interface LayoutDrive {
  job: RunningJob;
  version: number;
  world: World;
  /** Returns why the job must stop (cancel, scenario changed), after yielding when it is time. */
  checkpoint(): Promise<JobStopped | null>;
  /** Reports the share of the whole run done (0..1), with the last stage. */
  progress(share: number): void;
  /** Share of the run at the start and the end of the relation being searched. */
  span: [number, number];
  steps: number;
  helperSteps: number;
}

/** The layout analysis of the loaded table as a job shared with the helper, and one spot's proof. */
export class EngineLayout extends EngineVisibility {
  /** True while a layout relation is shared with the helper (one at a time: it holds one task). */
  private layoutSharing = false;
  /** Numbers the layout relations sent to the helper. */
  private layoutTaskCounter = 0;

  /**
   * The layout analysis (LAYOUT.md, `src/layout/analyse.ts`) of the loaded scenario's terrain,
   * objectives and territories (its units are ignored), as a cancellable job with progress: the
   * report is `analyseLayout(world, options)`'s on the engine's World, bit for bit (but `work.ms`).
   *
   * It drives `layoutCore(world, options, true)`: every spot relation the analysis asks for is cut
   * into steps (one group of up to 16 row spots against every column spot, a few ms to ~400 ms).
   * When the visibility helper is ready (the second core), the relation's composed trees are sent
   * to it once (`VisibilityHelper.layoutTask`) and it is fed steps from the back, one or two at a
   * time (`layoutSteps`), while this thread runs them from the front; the helper's rows and work
   * counts are merged into this thread's job (`setRelationRows`, `addRelationWork`), so the report
   * and its work counts are the single thread's. When the helper is absent, still loading, busy with
   * another layout job, or fails (its steps are then run here, the helper is ended and the next load
   * starts another), this thread runs every step. `threads` in the result says how many steps the
   * helper answered.
   *
   * Progress is per mille of the run ({@link LAYOUT_JOB_ITEMS} as `total`) with the class, stage and
   * the helper's steps so far; the job yields to the event loop between steps (every
   * {@link EngineOptions.yieldEveryMs}), so a {@link cancel} stops it at this thread's next step (a
   * helper step in flight is ignored). Any load or edit meanwhile stops it with `scenario changed`.
   * @param options grid and threat in inches, class ids, search mode (see {@link LayoutJobOptions}).
   * @param cancelToken the job id for {@link cancel}; generated when absent.
   * @returns `{ok: true, jobId, report, threads}`; `{ok: false, problems}` for bad options or a
   *   scenario with fewer than two territories; `{ok: false, reason}` when stopped, with no
   *   scenario, or for a job id in use.
   */
  async layout(options: LayoutJobOptions = {}, onProgress?: (p: LayoutJobProgress) => unknown, cancelToken?: string): Promise<LayoutResult> {
    const l = this.loaded;
    if (!l) {
      release(onProgress);
      return { ok: false, reason: 'no scenario loaded' };
    }
    const opts = { grid: options.grid, classes: options.classes, threat: options.threat, mode: options.mode };
    const problems = layoutOptionProblems(l.world, opts);
    if (problems.length) {
      release(onProgress);
      return { ok: false, problems };
    }
    const started = this.startJob(cancelToken, onProgress);
    if ('reason' in started) return started;
    const { id, job } = started;
    const core = layoutCore(l.world, opts, true);
    let last: LayoutProgress | null = null;
    let reported = -1;
    const report = (done: number): Promise<unknown> | undefined => {
      if (done <= reported) return undefined;
      reported = done;
      return notify(onProgress as ProgressCallback | undefined, { jobId: id, done, total: LAYOUT_JOB_ITEMS, classId: last?.classId, stage: last?.stage, helperSteps: d.helperSteps } as LayoutJobProgress);
    };
    let lastYield = now();
    let sinceYield = 0;
    const d: LayoutDrive = {
      job,
      version: this.version,
      world: l.world,
      span: [0, 0],
      steps: 0,
      helperSteps: 0,
      // Per mille, never the total before the report is made (so 100% comes once, at the end).
      progress: (share) => void report(Math.min(LAYOUT_JOB_ITEMS - 1, Math.floor(share * LAYOUT_JOB_ITEMS))),
      checkpoint: async () => {
        sinceYield++;
        if (sinceYield >= this.options.yieldEveryItems || now() - lastYield >= this.options.yieldEveryMs) {
          await yieldToEvents();
          lastYield = now();
          sinceYield = 0;
        }
        if (job.cancelled) return { ok: false, reason: 'cancelled' };
        if (this.version !== d.version) return { ok: false, reason: 'scenario changed' };
        return null;
      },
    };
    try {
      void report(0);
      let answer: SpotRelation | undefined;
      let result: LayoutReport | null = null;
      for (;;) {
        const stop = await d.checkpoint();
        if (stop) return stop;
        const r = core.next(answer);
        answer = undefined;
        if (r.done) {
          result = r.value;
          break;
        }
        const v = r.value;
        if ('ask' in v) {
          // The bar moves through the relation's own span (layoutCore's progress), never back.
          const from = Math.max(Math.max(0, reported) / LAYOUT_JOB_ITEMS, v.progress?.[0] ?? 0);
          d.span = [from, Math.max(from, v.progress?.[1] ?? from)];
          const rel = await this.layoutRelation(d, v);
          if ('reason' in rel) return rel;
          answer = rel;
        } else {
          last = v;
          d.progress(v.done);
        }
      }
      const fin = report(LAYOUT_JOB_ITEMS);
      // Wait (briefly) for the final report to be delivered, so a UI sees 100% before the result.
      if (fin) await Promise.race([fin, sleep(this.options.finalProgressWaitMs)]);
      return { ok: true, jobId: id, report: result, threads: { steps: d.steps, helperSteps: d.helperSteps } };
    } finally {
      core.return(undefined as never);
      this.jobs.delete(id);
      release(onProgress);
    }
  }

  /**
   * One spot relation of a layout job (see {@link layout}): its steps run here from the front and,
   * when the helper is ready and free, in the helper from the back; the answer is this thread's job
   * with the helper's rows merged in. Returns why the job stopped instead, when it did.
   */
  private async layoutRelation(d: LayoutDrive, ask: RelateAsk): Promise<SpotRelation | JobStopped> {
    const task = relationTask(ask.samples, ask.rows, ask.cols, { mode: ask.mode, form: ask.form });
    const rel = jobOfTask(task, d.world.terrain.occluders);
    const n = rel.steps;
    d.steps += n;
    if (n === 0) return relationResult(rel);
    const done = new Uint8Array(n);
    let finished = 0;
    // Steps [front, back) are unclaimed; the helper takes them one at a time from the back.
    let front = 0;
    let back = n;
    /** Steps given back by a failed helper. */
    const returned: number[] = [];
    /** Steps sent to the helper and not answered yet, oldest first (the oldest is the one it runs). */
    const held: number[] = [];
    // Set when the relation ends, however: late answers from the helper are then ignored.
    let closed = false;
    let wake: () => void = () => {};
    const helper = n >= 2 && !this.layoutSharing && this.helper?.ready ? this.helper : null;
    let sharing = helper !== null;
    const taskId = ++this.layoutTaskCounter;
    const fail = () => {
      this.dropHelper(helper!);
      sharing = false;
    };
    const dispatch = () => {
      while (helper && sharing && !closed && held.length < HELPER_LAYOUT_STEPS && back - front >= 2) {
        const k = --back;
        held.push(k);
        Promise.race([helper.link.api.layoutSteps(taskId, [k]), helper.link.failed]).then(
          (answers: LayoutStepAnswer[]) => {
            held.splice(held.indexOf(k), 1);
            // Late answers (the relation or job ended, or an edit made them stale) are not used.
            if (closed || this.version !== d.version) return;
            if (!done[k]) {
              const a = answers[0];
              const [first, lastRow] = relationStepRows(rel, k);
              try {
                if (!a || a.step !== k || a.first !== first || a.rowSeen.length !== lastRow - first + 1) throw new Error(`visibility helper: step ${k} answered rows that are not its own`);
                setRelationRows(rel, a.first, a);
                addRelationWork(rel, a);
              } catch {
                fail();
                returned.push(k);
                wake();
                return;
              }
              done[k] = 1;
              finished++;
              d.helperSteps++;
            }
            dispatch();
            wake();
          },
          () => {
            held.splice(held.indexOf(k), 1);
            // Never benign (messages stay in order, and no step is asked after an edit): the helper
            // is ended even when the relation is over; a live relation runs the step here.
            fail();
            if (closed) return;
            if (!done[k]) returned.push(k);
            wake();
          },
        );
      }
    };
    if (helper) {
      this.layoutSharing = true;
      // The helper builds the same job on its own copy of the terrain; it refuses when its world is
      // out of step, and a different number of steps means another terrain: either ends it.
      Promise.race([helper.link.api.layoutTask(taskId, task, helper.sent), helper.link.failed]).then(
        (steps) => {
          if (steps !== n) fail();
        },
        () => fail(),
      );
    }
    try {
      let slowest = 0;
      let waitedSince = -1;
      while (finished < n) {
        const stop = await d.checkpoint();
        if (stop) return stop;
        dispatch();
        let k = -1;
        while (k < 0 && returned.length) {
          const r = returned.pop()!;
          if (!done[r]) k = r;
        }
        if (k < 0 && front < back) k = front++;
        // Only the helper's steps are left: take back the queued one, and the one it runs if it
        // takes longer than this thread's slowest step (a slow or stalled helper).
        for (let i = held.length - 1; k < 0 && i >= 0; i--) {
          if (!done[held[i]] && (i > 0 || (waitedSince >= 0 && now() - waitedSince > slowest))) k = held[i];
        }
        if (k < 0) {
          if (waitedSince < 0) waitedSince = now();
          // Woken by the helper's answer (or failure); else polls, as often as this thread's
          // slowest step lasts (a tiny relation does not wait a whole slice for a cold helper).
          await Promise.race([new Promise<void>((r) => (wake = r)), sleep(Math.min(this.options.yieldEveryMs, Math.max(1, slowest)))]);
          continue;
        }
        waitedSince = -1;
        const t0 = now();
        runRelationStep(rel, k);
        slowest = Math.max(slowest, now() - t0);
        done[k] = 1;
        finished++;
        d.progress(d.span[0] + ((d.span[1] - d.span[0]) * finished) / n);
      }
      return relationResult(rel);
    } finally {
      closed = true;
      if (helper) this.layoutSharing = false;
    }
  }

  /**
   * The proof for one standing spot of a layout report (issue 29, item 7; `src/layout/spotProof.ts`):
   * which spots of the territory's enemies' threat zone could target a model of the class there
   * (Core 6.0, Terrain 1.2), the best witness, and the Obscuring features that protect it from the
   * others, on the loaded battlefield with the report's options. One spot against one threat zone:
   * well under a second at a 1" grid (it builds the class's spots and moves again).
   * @param options - the report's grid and threat (inches), the class id.
   * @param territory - the territory's name; `x`, `y` the spot's plan centre (inches; the nearest spot within half a grid step).
   * @returns `{ok: true, proof}` or `{ok: false, problems}` (no scenario, bad options, no spot there).
   */
  layoutSpotProof(options: { grid?: number; threat?: number; classId?: string; mode?: 'fast' | 'exhaustive' }, territory: string, x: number, y: number): SpotProofResult {
    const l = this.loaded;
    if (!l) return { ok: false, problems: ['no scenario loaded'] };
    const r = spotProof(l.world, territory, x, y, { grid: options.grid, threat: options.threat, classId: options.classId, mode: options.mode });
    return 'problems' in r ? { ok: false, problems: r.problems } : { ok: true, proof: r };
  }
}
