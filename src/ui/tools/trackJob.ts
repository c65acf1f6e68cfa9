/**
 * The part every job-backed tool shares (combat overlay, who-sees-whom table): follow an engine
 * job, hand on its answer or its failure, ignore the stops the tool itself caused (a cancel, a
 * scenario change that starts a new job), and cancel the job when the tool moves on first.
 */
import type { EngineJob, JobStopReason } from '../../client/engineClient';
import type { Engine } from '../engine/engine';

/**
 * Follows `job` for a tool's effect: `answered` gets its result when it ends well, `failed` the
 * reason when it stops for any reason but a cancel or a scenario change (or throws).
 * @returns the effect's cleanup: cancels the job if it is still running.
 */
export function trackJob<R extends { ok: true } | { ok: false; reason: JobStopReason }>(
  engine: Engine,
  job: EngineJob<R>,
  answered: (r: Extract<R, { ok: true }>) => void,
  failed: (reason: string) => void,
): () => void {
  let finished = false;
  engine.track(job.result.finally(() => (finished = true))).then(
    (r) => {
      if (r.ok) answered(r as Extract<R, { ok: true }>);
      else if (r.reason !== 'cancelled' && r.reason !== 'scenario changed') failed(r.reason);
    },
    (e: unknown) => failed((e as Error).message),
  );
  return () => {
    if (!finished) void job.cancel();
  };
}
