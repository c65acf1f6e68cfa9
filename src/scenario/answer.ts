import { coherencyOf } from '../geometry/coherency';
import { modelContests, unitContests, unitsInCombat } from '../geometry/combat';
import { resolveEntity, type Entity } from '../geometry/distance';
import { entityDistance } from '../geometry/distance';
import { movePathCost, type MovePathOptions } from '../geometry/movePath';
import { shortestMovePath } from '../geometry/shortestMovePath';
import { COMBAT_RANGE_INCHES, EPSILON_INCHES } from '../geometry/units';
import { blockedLines, type LineBlocker } from '../geometry/losProof';
import { modelVisible, unitVisible, type VisibilityOptions } from '../geometry/visibility';
import { isWhollyWithin, isWithin, type WithinObject } from '../geometry/within';
import type { World } from '../geometry/world';
import { computeDamage } from '../rules/damage';
import type { Scenario, ScenarioQuery } from './schema';

/** One adjudicator answer (SCENARIO.md): `{id, value, ...extras}`. */
export type Answer = { id: string; value: unknown } & Record<string, unknown>;

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const roundPoint = (p: readonly number[]) => p.map(round);

/**
 * Answers one query of a validated scenario against its world. Pure: the same world and query
 * give the same answer. Unknown ids were already rejected by validation.
 */
export function answerQuery(world: World, scenario: Scenario, q: ScenarioQuery, opts: VisibilityOptions = {}): Answer {
  const entity = (id: string): Entity => {
    const e = resolveEntity(world, id);
    if (!e) throw new Error(`unknown id ${id}`);
    return e;
  };
  switch (q.kind) {
    case 'distance': {
      const c = entityDistance(entity(q.from), entity(q.to), q.horizontal === true);
      return { id: q.id, value: round(c.distanceInches), points: [roundPoint(c.a), roundPoint(c.b)] };
    }
    case 'visible':
      return q.show ? disputeAnswer(world, scenario, q, opts) : visibleAnswer(world, q, opts);
    case 'inCombat': {
      const r = unitsInCombat(world, q.a, q.b, opts);
      const out: Answer = { id: q.id, value: r.inCombat };
      if (r.inCombat && r.witness) out.witness = [roundPoint(r.witness[0]), roundPoint(r.witness[1])];
      if (r.pair) out.models = r.pair;
      if (!r.inCombat && r.reason) out.reason = r.reason;
      return out;
    }
    case 'coherent': {
      const unit = world.units.get(q.unit)!;
      const models = world.unitModels(q.unit);
      const r = coherencyOf(
        models.map((m) => m.footprint),
        unit.coherencyRangeInches,
      );
      const out: Answer = { id: q.id, value: r.coherent };
      if (!r.coherent) {
        out.isolated = r.isolated.map((i) => models[i].id);
        out.groups = r.groups;
      }
      return out;
    }
    case 'within':
    case 'whollyWithin': {
      const object: WithinObject = q.object.startsWith('territory:')
        ? { kind: 'territory', polygon: world.territories[q.object.slice('territory:'.length)] }
        : { kind: 'entity', entity: entity(q.object) };
      const subject = entity(q.subject);
      const value = q.kind === 'within' ? isWithin(subject, object, q.distance) : isWhollyWithin(subject, object, q.distance);
      return { id: q.id, value };
    }
    case 'contests': {
      const o = world.objectives.get(q.objective)!;
      const value = q.unit !== undefined ? unitContests(world, q.unit, o) : modelContests(world, q.model!, o);
      return { id: q.id, value };
    }
    case 'movePath': {
      const r = movePathCost(world, q.model, q.path, moveOptions(world, q));
      return r.ok ? { id: q.id, value: round(r.inches), endElevation: round(r.endElevation) } : { id: q.id, value: null, reason: r.reason, rule: r.rule };
    }
    case 'shortestPath': {
      // Extension (issue 18): the engine's shortest legal path to a point and its cost (movePath's count).
      const army = world.models.get(q.model)!.army;
      const keepOut = q.avoidCombat ? { footprints: [...world.models.values()].filter((o) => o.army !== army).map((o) => o.footprint), inches: COMBAT_RANGE_INCHES + EPSILON_INCHES } : undefined;
      const r = shortestMovePath(world, q.model, q.to, { ...moveOptions(world, q), keepOut });
      return r.ok
        ? { id: q.id, value: round(r.inches), path: r.path.map((p) => roundPoint(p)), endElevation: round(r.endElevation), climbedInches: round(r.climbedInches), straight: r.straight }
        : { id: q.id, value: null, reason: r.reason, rule: r.rule };
    }
    case 'damage': {
      const r = computeDamage(q.attacker as never, q.target as never);
      return { id: q.id, value: round(r.value), distribution: r.distribution.map((p) => Math.round(p * 1e12) / 1e12), slain: round(r.slain) };
    }
  }
}

/**
 * The move options of a `movePath` or `shortestPath` query: FLY as the query says, else the unit's
 * keyword (Core 15.4); with `ignoreUnit`, the model's unit-mates are not obstacles.
 */
function moveOptions(world: World, q: { model: string; fly?: boolean; ignoreUnit?: boolean }): MovePathOptions {
  const unit = world.units.get(world.models.get(q.model)!.unitId)!;
  const fly = q.fly ?? unit.keywords.some((k) => k.toUpperCase() === 'FLY');
  return { fly, ...(q.ignoreUnit ? { ignoreModels: new Set(unit.modelIds.filter((id) => id !== q.model)) } : {}) };
}

function unitOf(world: World, id: string): string {
  const m = world.models.get(id);
  return m ? m.unitId : id;
}

/**
 * The answer to a `visible` query (Core 6.0; SCENARIO.md): `value` true or false and, when
 * visible, the `witness` segment (inches, rounded to 1e-6) with its `observerModel` and
 * `targetModel`. Observer and target are model or unit ids known to the world. Shared by
 * {@link answerQuery} and the engine's visibility helper, so both format answers identically.
 */
export function visibleAnswer(world: World, q: { id: string; observer: string; target: string; mode?: 'fast' | 'exhaustive' }, opts: VisibilityOptions = {}): Answer {
  const mode = q.mode ?? opts.mode;
  const isModel = (id: string) => world.models.has(id);
  const r =
    isModel(q.observer) && isModel(q.target)
      ? modelVisible(world, q.observer, q.target, { mode })
      : unitVisible(world, unitOf(world, q.observer), unitOf(world, q.target), { mode }, isModel(q.observer) ? q.observer : undefined, isModel(q.target) ? q.target : undefined);
  const out: Answer = { id: q.id, value: r.visible };
  if (r.visible && r.witness) {
    out.witness = [roundPoint(r.witness[0]), roundPoint(r.witness[1])];
    out.observerModel = r.observerModelId;
    out.targetModel = r.targetModelId;
  }
  return out;
}

/**
 * A blocker's name for people: a terrain feature's `name` (its id when it has none), or a model as
 * "<unit name> · <model id>" (the line-of-sight panel's wording).
 */
export function blockerName(scenario: Scenario, b: Pick<LineBlocker, 'kind' | 'id'>): string {
  if (b.kind === 'terrain') return scenario.terrain?.find((t) => t.id === b.id)?.name ?? b.id;
  const unit = scenario.units?.find((u) => u.models.some((m) => m.id === b.id));
  return unit ? `${unit.name ?? unit.id} · ${b.id}` : b.id;
}

/**
 * The answer to a saved dispute (a `visible` query with `show`, extension of issue 29): the
 * `visible` answer, plus `eye` (the observer's-eye view: `[from, to]`, the witness when visible,
 * else the most favourable line tested) and, when not visible, `blockers`: every terrain feature
 * then every model touching the lines tested (`geometry/losProof.ts`), each `{kind, id, name, lines}`.
 */
function disputeAnswer(world: World, scenario: Scenario, q: Extract<ScenarioQuery, { kind: 'visible' }>, opts: VisibilityOptions): Answer {
  const out = visibleAnswer(world, q, opts);
  if (out.value === true && out.witness) {
    out.eye = out.witness;
    return out;
  }
  const r = blockedLines(world, q.observer, q.target);
  if (!r) return out;
  out.blockers = r.blockers.map((b) => ({ kind: b.kind, id: b.id, name: blockerName(scenario, b), lines: b.lines }));
  const f = r.lines[r.favourite];
  out.eye = [roundPoint(f.segment[0]), roundPoint(f.segment[1])];
  return out;
}

/** Answers every query of the scenario, in order. */
export function answerAll(world: World, scenario: Scenario, opts: VisibilityOptions = {}): Answer[] {
  return (scenario.queries ?? []).map((q) => answerQuery(world, scenario, q, opts));
}
