/**
 * Kruleboyz and Ironjawz shapes read in session 38 (ab38a; `abilities/parseKbIj38.ts`) played by the engine on
 * a real table (the ability kit's `worldPort`), with scripted dice and results computed by hand. The texts are
 * the real ones of ij-001 (Mighty 'Eadbutt, Get 'Em Beat, Brutal Power), the faction keyword swapped to the
 * kit's KRULEBOYZ where the kit's units need it.
 */

import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { modified } from '../abilities/passives';
import type { Ability } from '../abilities/schema';
import { ability, gameAtHero, play, roster, tablePortAt, DEFAULT_PLACEMENT } from './abilityKit.test-helpers';
import { powerLevel } from './magic';
import { worldPort } from './worldPort';
import type { RosterInput } from './roster';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD', 'PRIEST'];

function lore(id: string, name: string, source: 'spell' | 'prayer', value: number, declare: string, effect: string): Ability {
  const t = parseTiming('Your Hero Phase', false);
  const r = parseEffect({ declare, effect, timing: t, knownKeywords: KNOWN });
  if (r.resolves === null) throw new Error(`${name} not read: ${r.unparsed}`);
  return ability({ id, name, source, timing: t, ...(source === 'spell' ? { castingValue: value } : { chantingValue: value }), keywords: [source === 'spell' ? 'SPELL' : 'PRAYER'], declare, effect, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
}

describe('Mighty \'Eadbutt (ij-001, CV 6): "Inflict D3 mortal damage on the target. If the target is a Wizard, inflict 3 mortal damage on the target instead."', () => {
  const eadbutt = lore('mighty-eadbutt', "Mighty 'Eadbutt", 'spell', 6, 'Pick a friendly **^^Kruleboyz Wizard^^** to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.', "Inflict D3 mortal damage on the target. If the target is a **^^Wizard^^**, inflict 3 mortal damage on the target instead.");
  // p2's WIZARD (2) and Gutrippaz within 18" of the shaman at (10, 20), on the open table.
  const port = tablePortAt({ 'p2-hero': [26, 20], 'p2-boyz': [24, 14] });
  it('on p2\'s WIZARD (2): 3 mortal damage, no D3 rolled (casting roll 3 + 4 = 7)', () => {
    const s0 = gameAtHero(roster('p1', [], [], [eadbutt]), roster('p2'), port, [3, 4]);
    const r = play(s0, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'mighty-eadbutt', target: 'p2-hero' }, { type: 'pass', player: 'p2' }]);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-hero', amount: 3 })]);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-hero', why: 'its condition does not hold' });
    expect(r.s.units['p2-hero'].damage).toBe(3);
  });
  it('on the Gutrippaz (no WIZARD): D3 = 2 (a scripted 4), 2 models of Health 1 slain', () => {
    const s0 = gameAtHero(roster('p1', [], [], [eadbutt]), roster('p2'), port, [3, 4, 4]);
    const r = play(s0, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'mighty-eadbutt', target: 'p2-boyz' }, { type: 'pass', player: 'p2' }]);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-boyz', amount: 2 })]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(2);
  });
});

describe('Get \'Em Beat (ij-001, chanting value 4): "For the rest of the turn, add 1 to charge rolls for the target. In addition, if the chanting roll was 8+, add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3."', () => {
  const beat = lore('get-em-beat', "Get 'Em Beat", 'prayer', 4, 'Pick a friendly **^^Kruleboyz Priest^^** to chant this prayer, pick a visible friendly **^^Kruleboyz^^** unit wholly within 12" of them to be the target, then make a chanting roll of D6.', 'For the rest of the turn, add 1 to charge rolls for the target. In addition, if the chanting roll was 8+, add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3.');
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [14, 15] });
  function answered(die: number, points: number) {
    const r = roster('p1', [beat]);
    const priest: RosterInput = { ...r, units: r.units.map((u) => (u.id === 'p1-hero' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'PRIEST (1)'] } } : u)) };
    const s = gameAtHero(priest, roster('p2'), port, [die]);
    s.ritualPoints['p1-hero'] = points;
    const c = play(s, port, [{ type: 'chant', player: 'p1', unitId: 'p1-hero', prayer: 'get-em-beat' }]).s;
    return play(c, port, [{ type: 'answerPrayer', player: 'p1', choice: 'answer', target: 'p1-boyz' }]);
  }
  it('6 + 2 ritual points = 8: +1 to charge rolls and +1 charge dice, for the rest of the turn (into the charge phase)', () => {
    const r = answered(6, 2);
    expect(r.events.find((e) => e.type === 'prayerAnswered')).toMatchObject({ total: 8 });
    expect(modified(r.s, port, 'p1-boyz', 'charge').add).toBe(1);
    expect(modified(r.s, port, 'p1-boyz', 'chargeDice').add).toBe(1);
    const later = play(r.s, port, [{ type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }]).s;
    expect(later.phase).toBe('charge');
    expect(modified(later, port, 'p1-boyz', 'chargeDice').add).toBe(1);
  });
  it('5 + 2 = 7: only +1 to charge rolls', () => {
    const r = answered(5, 2);
    expect(modified(r.s, port, 'p1-boyz', 'charge').add).toBe(1);
    expect(modified(r.s, port, 'p1-boyz', 'chargeDice').add).toBe(0);
  });
});

describe('Brutal Power (ij-001 Weirdnob Shaman, passive): "Add 1 to this unit\'s power level while there are any friendly Ironjawz units that have 10 or more models wholly within 12" of it." (Magic 1.1)', () => {
  const power = (() => {
    const t = parseTiming('Passive', true);
    const effect = 'Add 1 to this unit\'s power level while there are any friendly **^^Kruleboyz^^** units that have 10 or more models wholly within 12" of it.';
    const r = parseEffect({ declare: null, effect, timing: t, knownKeywords: KNOWN });
    if (r.resolves === null) throw new Error(`not read: ${r.unparsed}`);
    return ability({ name: 'Brutal Power', timing: t, effect, resolves: r.resolves });
  })();
  /** The kit's roster with `boyz` Gutrippaz models. */
  function withBoyz(n: number): RosterInput {
    const r = roster('p1', [power]);
    return { ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, models: Array.from({ length: n }, (_, i) => ({ id: `p1-boyz-m${i + 1}`, base: { shape: 'round' as const, diameterMm: 32 } })) } : u)) };
  }
  /** The shaman (WIZARD (2)) at (10, 20); the Gutrippaz in a line from (x, 14), 1.3" apart along +y. */
  function portWith(n: number, x: number) {
    const at: Record<string, [number, number]> = { ...DEFAULT_PLACEMENT, 'p1-boyz': [x, 14] };
    const counts: Record<string, number> = { 'p1-hero': 1, 'p1-boyz': n, 'p1-gits': 3, 'p2-hero': 1, 'p2-boyz': 5, 'p2-gits': 3 };
    return worldPort(makeWorld({ units: Object.entries(at).map(([id, p]) => ({ id, army: id.slice(0, 2), models: Array.from({ length: counts[id] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [p[0], p[1] + i * 1.3] as [number, number], height: 1.2 })) })) }));
  }
  it('10 Gutrippaz wholly within 12" (x 13, y 14 to 25.7: the farthest base point about 6.4" from the shaman\'s base): power level 3', () => {
    const port = portWith(10, 13);
    const s = gameAtHero(withBoyz(10), roster('p2'), port);
    expect(powerLevel(s, 'p1-hero', port)).toBe(3);
  });
  it('9 models, or 10 not wholly within 12" (x 22: the model at (22, 14) is hypot(12, 6) = 13.4" from the shaman\'s centre): power level 2', () => {
    const p9 = portWith(9, 13);
    expect(powerLevel(gameAtHero(withBoyz(9), roster('p2'), p9), 'p1-hero', p9)).toBe(2);
    const far = portWith(10, 22);
    expect(powerLevel(gameAtHero(withBoyz(10), roster('p2'), far), 'p1-hero', far)).toBe(2);
  });
});
