import { segmentOccluderFirstHit, type Occluder } from './occluders';
import type { Segment3 } from './visibility';
import type { ModelState, World } from './world';

/** One thing a segment runs into: a terrain feature or a model, and where it first touches it. */
export interface SegmentBlocker {
  kind: 'terrain' | 'model';
  /** Terrain feature id or model id. */
  id: string;
  /** First point of contact along the segment, `[x, y, z]` inches. */
  at: [number, number, number];
  /** Where along the segment, 0 at its start to 1 at its end. */
  t: number;
}

/**
 * What a straight segment touches, with the blockers of Core 6.0 for an observer and a target:
 * terrain, and every model outside the observer's unit except the target; ordered along the
 * segment, one entry per terrain feature or model (its first contact). The table counts too: a
 * segment that dips below z = 0 reports `{kind: 'terrain', id: 'table'}`.
 * @param observerModelId - the observing model (its unit is transparent), or null for none.
 * @param targetModelId - the target model (never its own blocker), or null for none.
 */
export function segmentBlockers(world: World, segment: Segment3, observerModelId: string | null, targetModelId: string | null): SegmentBlocker[] {
  const observerUnit = observerModelId ? world.models.get(observerModelId)?.unitId : undefined;
  return segmentBlockersExcept(world, segment, (m) => m.id === targetModelId || (observerUnit !== undefined && m.unitId === observerUnit));
}

/**
 * What a straight segment touches: terrain, the table, and every model for which `transparent`
 * is false; ordered along the segment, one entry per terrain feature or model (its first contact).
 * The general form of {@link segmentBlockers} (the symmetric whole-unit form of Core 6.0 makes
 * both units transparent: docs/visibility.md, step 4).
 */
export function segmentBlockersExcept(world: World, segment: Segment3, transparent: (m: ModelState) => boolean): SegmentBlocker[] {
  const [[ax, ay, az], [bx, by, bz]] = segment;
  const hits = new Map<string, SegmentBlocker>();
  const at = (t: number): [number, number, number] => [ax + t * (bx - ax), ay + t * (by - ay), az + t * (bz - az)];
  const take = (kind: SegmentBlocker['kind'], id: string, t: number) => {
    const key = `${kind}:${id}`;
    const prev = hits.get(key);
    if (!prev || t < prev.t) hits.set(key, { kind, id, at: at(t), t });
  };
  const test = (o: Occluder) => segmentOccluderFirstHit(o, ax, ay, az, bx, by, bz);
  for (const o of world.terrain.occluders) {
    const t = test(o);
    if (t >= 0) take('terrain', world.terrain.features[o.featureIndex].id, t);
  }
  for (const m of world.models.values()) {
    if (transparent(m)) continue;
    for (const o of m.occluders) {
      const t = test(o);
      if (t >= 0) take('model', m.id, t);
    }
  }
  if (az < 0 || bz < 0) {
    const t = az < 0 ? 0 : az / (az - bz);
    take('terrain', 'table', t);
  }
  return [...hits.values()].sort((p, q) => p.t - q.t);
}
