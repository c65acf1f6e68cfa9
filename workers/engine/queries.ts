/**
 * Measurement queries ({@link EngineQueries}, the third layer of `EngineApi`): SCENARIO.md queries
 * answered on the loaded World exactly as the adjudicator's `answerQuery` does (distance, visible,
 * inCombat, coherent, within, whollyWithin, contests, movePath, shortestPath, damage), one at a time
 * or as a cancellable job, and the models' poses.
 */
import { answerQuery, type Answer } from '../../src/scenario/answer';
import type { ScenarioQuery } from '../../src/scenario/schema';
import { parseScenario } from '../../src/scenario/validate';
import type { Loaded } from './core';
import { EngineJobs, release } from './jobs';
import type { ModelPose, ProgressCallback, QueriesResult, QueryResult } from './types';

/** Measurement queries on the loaded scenario: one, several as a job, and where every model stands. */
export class EngineQueries extends EngineJobs {
  /**
   * Answers one SCENARIO.md query (`{id, kind, ...}`) against the current state, exactly as the
   * adjudicator's `answerQuery` does.
   * @param mode default visibility search effort when the query gives none.
   * @returns `{ok: false, problems}` for an invalid query (paths start with `query`) or no scenario.
   */
  query(q: unknown, mode?: 'fast' | 'exhaustive'): QueryResult {
    const l = this.loaded;
    if (!l) return { ok: false, problems: ['(engine): no scenario loaded'] };
    const v = this.validateQueries(l, [q]);
    if (!v.ok) return { ok: false, problems: v.problems.map((p) => p.replace(/^queries\[0\]/, 'query')) };
    try {
      return { ok: true, answer: answerQuery(l.world, l.scenario, v.queries[0], { mode }) };
    } catch (e) {
      return { ok: false, problems: [`query: ${(e as Error).message}`] };
    }
  }

  /**
   * Answers several queries in order, as a cancellable job with progress (one item per query).
   * Every query is validated first; any problem fails the whole call with `{ok: false, problems}`
   * (paths `queries[i]...`, `i` indexing `qs`).
   * @param jobId id for {@link cancel}; generated when absent (returned in the result).
   */
  async queries(qs: unknown[], onProgress?: ProgressCallback, jobId?: string, mode?: 'fast' | 'exhaustive'): Promise<QueriesResult> {
    const l = this.loaded;
    if (!l) {
      release(onProgress);
      return { ok: false, reason: 'no scenario loaded' };
    }
    const list = Array.isArray(qs) ? qs : [];
    const v = this.validateQueries(l, list);
    if (!v.ok) {
      release(onProgress);
      return { ok: false, problems: v.problems };
    }
    const answers: Answer[] = [];
    const problems: string[] = [];
    const r = await this.runJob(jobId, v.queries.length, onProgress, (i) => {
      try {
        answers.push(answerQuery(l.world, l.scenario, v.queries[i], { mode }));
      } catch (e) {
        problems.push(`queries[${i}]: ${(e as Error).message}`);
      }
    });
    if (!r.ok) return r;
    if (problems.length) return { ok: false, problems };
    return { ok: true, jobId: r.jobId, answers };
  }

  /**
   * Where every model stands now: plan position (inches), facing (degrees) and the resolved
   * elevation of the underside of its base (inches; SCENARIO: the highest surface under it when
   * the file gives none). Empty before the first load.
   */
  modelPoses(): ModelPose[] {
    const l = this.loaded;
    if (!l) return [];
    return [...l.world.models.values()].map((m) => ({
      id: m.id,
      unitId: m.unitId,
      x: m.footprint.x,
      y: m.footprint.y,
      facing: (m.footprint.facingRad * 180) / Math.PI,
      elevation: m.elevation,
    }));
  }

  /** Validates queries against the current scenario (ids, shapes) with the file validator. */
  private validateQueries(l: Loaded, qs: unknown[]): { ok: true; queries: ScenarioQuery[] } | { ok: false; problems: string[] } {
    const r = parseScenario({ ...l.scenario, queries: qs });
    if (!r.ok) {
      const own = r.problems.filter((p) => p.startsWith('queries'));
      return { ok: false, problems: own.length ? own : r.problems };
    }
    return { ok: true, queries: r.scenario.queries ?? [] };
  }
}
