import { describe, expect, it } from 'vitest';
import { ScenarioSchema } from '../../scenario/schema';
import { BASE_PRESETS, baseOutline, freshId, slug, TERRAIN_PRESETS, usedIds } from './presets';

describe('palette presets', () => {
  it('every terrain preset makes a valid SCENARIO.md feature, at any turn', () => {
    for (const t of TERRAIN_PRESETS) {
      for (const rot of [0, 45, 300]) {
        const s = { battlefield: { width: 60, depth: 44 }, terrain: [t.make(`${t.idPrefix}-1`, t.name, [30, 22], rot)] };
        const r = ScenarioSchema.safeParse(s);
        expect(r.success, `${t.key} at ${rot}°: ${r.success ? '' : JSON.stringify(r.error.issues)}`).toBe(true);
      }
    }
  });

  it('Kenney pieces are named relative to assets/scenarios/, as the default scenario does', () => {
    const srcs = TERRAIN_PRESETS.flatMap((t) => (t.make('x', 'x', [0, 0], 0).pieces as { src?: string }[]).map((p) => p.src).filter(Boolean));
    expect(srcs.length).toBeGreaterThan(0);
    for (const s of srcs) expect(s).toMatch(/^\.\.\/kenney\/(castle|fantasy)\/[a-z-]+\.glb$/);
  });

  it('offers the Citadel bases the issue asks for', () => {
    expect(BASE_PRESETS.map((b) => JSON.stringify(b.base))).toEqual(['{"round":25}', '{"round":32}', '{"round":40}', '{"round":50}', '{"oval":[60,35]}', '{"oval":[90,52]}']);
    expect(baseOutline({ round: 25.4 }, 1)).toEqual({ kind: 'circle', r: 0.5, h: 1 });
  });

  it('makes fresh, readable ids', () => {
    const used = usedIds({ terrain: [{ id: 'wall-1' }], units: [{ id: 'u', models: [{ id: 'u-1' }, { id: 'u-2' }] }] });
    expect(freshId('wall', used)).toBe('wall-2');
    expect(freshId('u', used)).toBe('u-3');
    expect(slug('Stormcast Vanguard!')).toBe('stormcast-vanguard');
    expect(slug('***')).toBe('unit');
  });
});
