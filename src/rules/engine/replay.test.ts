import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replaySaved } from './worldPortGame';
import { parseRoster } from './roster';
import { SavedGameSchema } from './savedGame';

const root = new URL('../../../', import.meta.url);
const json = (p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8'));

describe('saved games and sample armies', () => {
  it('the sample armies (rules examples: Liberators with Warhammers and a Grandhammer, Clawlord WARD (6+), Rat Ogors) parse', () => {
    for (const f of ['stormcast-liberators.json', 'skaven-clawlord.json']) {
      const r = parseRoster(json(`assets/armies/${f}`));
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      expect(r.roster.units.length).toBeGreaterThanOrEqual(5);
      expect(r.roster.units.length).toBeLessThanOrEqual(8);
    }
    const sce = parseRoster(json('assets/armies/stormcast-liberators.json'));
    const sk = parseRoster(json('assets/armies/skaven-clawlord.json'));
    if (!sce.ok || !sk.ok) throw new Error('roster');
    const libs = sce.roster.units.find((u) => u.id === 'sce-liberators')!;
    expect(libs.models.map((m) => m.weapons)).toEqual([['Warhammer'], ['Warhammer'], ['Warhammer'], ['Warhammer'], ['Grandhammer']]);
    expect(sk.roster.units.find((u) => u.id === 'sk-clawlord')!.warscroll.ward).toBe(6);
    expect(sk.roster.units.some((u) => u.name === 'Rat Ogors')).toBe(true);
    // A model armed with an unknown weapon is reported with its path.
    const bad = json('assets/armies/stormcast-liberators.json');
    bad.units[2].models[0].weapons = ['Lance'];
    const r = parseRoster(bad);
    expect(!r.ok && r.issues.some((i) => i.path === 'units[2].models[0].weapons[0]')).toBe(true);
  });

  it('replaying assets/games/sample-game.json twice gives the same state hash, and the game was played to the end', { timeout: 180_000 }, () => {
    const saved = json('assets/games/sample-game.json');
    expect(SavedGameSchema.safeParse(saved).success).toBe(true);
    const a = replaySaved(saved);
    const b = replaySaved(saved);
    expect(a.summary.stateHash).toMatch(/^[0-9a-f]{8}$/);
    expect(b.summary.stateHash).toBe(a.summary.stateHash);
    expect(b.state).toEqual(a.state);
    expect(a.summary.stage).toBe('ended');
    expect(a.summary.round).toBe(5);
    const kinds = new Set(saved.actions.map((x: { type: string }) => x.type));
    for (const k of ['move', 'shoot', 'charge', 'fight', 'pass', 'cast']) expect(kinds.has(k)).toBe(true);
    // A tampered log is rejected with the action index.
    const bad = structuredClone(saved);
    bad.actions.splice(1, 0, { type: 'endPhase', player: 'p2' });
    expect(() => replaySaved(bad)).toThrow(/action 1 rejected/);
  });
});
