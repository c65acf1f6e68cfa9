/**
 * The roll effects of session 37, roll37 (docs/abilities.md "Roll effects added in session 37 (roll37)")
 * applied in play, each from its real roster Effect text (parsed here, so the test covers text → effect →
 * engine) with scripted dice and hand-computed results on the real table of the ability kit. The Declares
 * are the kit's (its army is KRULEBOYZ, its caster a WIZARD casting with 2D6, which the engine reads like a
 * chanting roll: Magic 6.0 / 5.0); where a real Declare picks "an enemy unit in combat with this unit", the
 * kit's "a visible enemy unit within 18\" of this unit" keeps the table simple (the pick is not what is tested).
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { modified } from '../abilities/passives';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';
import type { GeometryPort } from './geometryPort';
import type { GameState } from './state';

const KW = ['KRULEBOYZ', 'INFANTRY', 'WIZARD', 'HERO'];
const CAST = 'Pick a friendly **^^Kruleboyz Wizard^^** to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.';
const PICK = 'Pick a visible enemy unit within 18" of this unit to be the target.';

function read(declare: string, effect: string): Pick<Ability, 'resolves' | 'picks'> {
  const r = parseEffect({ declare, effect, timing: parseTiming('Your Hero Phase', false), knownKeywords: KW });
  if (r.resolves === null) throw new Error(`not read: ${r.unparsed}`);
  return { resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) };
}

function spell(id: string, effect: string): Ability {
  return ability({ id, name: id, source: 'spell', timing: timing('Your Hero Phase', 'hero', 'your'), castingValue: 5, keywords: ['SPELL', 'UNLIMITED'], declare: CAST, effect, ...read(CAST, effect) });
}

function heroAbility(name: string, effect: string, declare = PICK): Ability {
  return ability({ name, timing: timing('Your Hero Phase', 'hero', 'your'), declare, effect, ...read(declare, effect) });
}

/** The kit's roster with Health 3 on the Gutrippaz (5 models). */
function tougher(r: RosterInput): RosterInput {
  return { ...r, units: r.units.map((u) => (u.id.endsWith('-boyz') ? { ...u, warscroll: { ...u.warscroll, health: 3 } } : u)) };
}

/** p1's hero at (10, 20); p2's hero (Move 5, Save 5+, Health 5) 15" away at (25, 20); p2's boyz (5 models) at (22, 28). */
const port = tablePortAt({ 'p1-hero': [10, 20], 'p2-hero': [25, 20], 'p2-boyz': [22, 28] });

function rollsOf(s: GameState, part: string): number[][] {
  return s.log.flatMap((e) => (e.kind === 'roll' && e.purpose.includes(part) ? [[...e.dice]] : []));
}

function cast(a: Ability, target: string, dice: number[], p2: RosterInput = roster('p2')) {
  const s = gameAtHero(roster('p1', [], [], [a]), p2, port, dice);
  return play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: a.id, target }, { type: 'pass', player: 'p2' }]);
}

function use(a: Ability, target: string, dice: number[], p2: RosterInput = roster('p2'), at: GeometryPort = port) {
  const s = gameAtHero(roster('p1', [a]), p2, at, dice);
  return play(s, at, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: a.name, targets: [target] }]);
}

describe('Bile-torrent (skv-001): dice for each model of the target, 5+ or, at a roll of 8+, 4+', () => {
  const bile = spell('bile-torrent', 'Roll a number of dice equal to the number of models in the target unit. For each 5+, inflict 1 mortal damage on the target. If the casting roll was 8+, inflict 1 mortal damage on the target for each 4+ instead.');
  it('casting roll 3 + 3 = 6: 5 dice (5 models) 5 4 6 1 2 → two 5+ → 2 mortal damage → 2 Gutrippaz (Health 1) slain', () => {
    const r = cast(bile, 'p2-boyz', [3, 3, 5, 4, 6, 1, 2]);
    expect(r.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-boyz', dice: [5, 4, 6, 1, 2], amount: 2 });
    expect(r.s.units['p2-boyz'].slain).toHaveLength(2);
  });
  it('casting roll 4 + 4 = 8: the 5+ effect is replaced; the same dice 5 4 6 1 2 → three 4+ → 3 slain', () => {
    const r = cast(bile, 'p2-boyz', [4, 4, 5, 4, 6, 1, 2]);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-boyz', dice: [5, 4, 6, 1, 2], amount: 3 })]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(3);
  });
});

describe('Overwhelming Heat (lrl-001): Move halved until the start of your next turn, then D3 mortal damage on a roll of at least the Save', () => {
  const heat = spell('overwhelming-heat', 'Halve the target\'s Move characteristic until the start of your next turn, then roll a dice. If the roll equals or exceeds the target\'s Save characteristic, inflict D3 mortal damage on it.');
  it('casting 4 + 4; the roll 5 against Save 5+: D3 (die 6 → 3) mortal damage; a roll of 4: none', () => {
    const r = cast(heat, 'p2-hero', [4, 4, 5, 6]);
    expect(r.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-hero', dice: [5], amount: 3 });
    expect(r.s.units['p2-hero'].damage).toBe(3);
    const miss = cast(heat, 'p2-hero', [4, 4, 4]);
    expect(miss.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-hero', dice: [4], amount: 0 });
    expect(miss.s.units['p2-hero'].damage).toBe(0);
  });
  it('in p2\'s movement phase the hero\'s Move 5 is 2 (5 / 2 = 2.5, rounded down, Core 27.0): 2.4" refused, 2" allowed; not the unit that was not picked', () => {
    let s = cast(heat, 'p2-hero', [4, 4, 4]).s;
    expect(modified(s, port, 'p2-hero', 'move')).toMatchObject({ add: 0, halve: 1 });
    expect(modified(s, port, 'p2-boyz', 'move').halve).toBeUndefined();
    let guard = 0;
    while (!(s.active === 'p2' && s.phase === 'movement') && guard++ < 20) s = play(s, port, [{ type: 'endPhase', player: s.active! }]).s;
    expect(s.active).toBe('p2');
    expect(refused(s, port, { type: 'move', player: 'p2', unitId: 'p2-hero', kind: 'normal', paths: { 'p2-hero-m1': [[27.4, 20]] } }).reason).toMatch(/allows 2"/);
    expect(play(s, port, [{ type: 'move', player: 'p2', unitId: 'p2-hero', kind: 'normal', paths: { 'p2-hero-m1': [[27, 20]] } }]).events.find((e) => e.type === 'moved')).toMatchObject({ unitId: 'p2-hero', maxInches: 2 });
  });
});

describe('rolls against the target\'s Health characteristic (slay): models slain outright, no damage points, no ward rolls', () => {
  const EASY_MEAT = 'Roll a dice. If the roll is at least double the target\'s Health characteristic, 1 model in the target unit is slain.';
  const TEAR = 'Roll a dice. If the roll exceeds the target\'s Health characteristic, 1 model in the target unit is slain.';
  const TOXIC = 'Roll 2D6. If the roll exceeds the target\'s Health characteristic, it is automatically destroyed.';
  const JAWS = 'Roll 3 dice. For each roll that equals or exceeds the target\'s Health characteristic, 1 model in the target unit is slain.';
  it('Easy Meat (kb-001) on Gutrippaz (Health 1): a 2 is double → 1 slain; a 1 → none; on the hero (Health 5) a 6 is not 10 → none', () => {
    const easy = heroAbility('Easy Meat', EASY_MEAT);
    const r = use(easy, 'p2-boyz', [2]);
    expect(r.events.find((e) => e.type === 'abilitySlay')).toMatchObject({ unitId: 'p2-boyz', rolls: [2], health: 1, count: 1 });
    expect(r.s.units['p2-boyz'].slain).toHaveLength(1);
    expect(use(easy, 'p2-boyz', [1]).s.units['p2-boyz'].slain).toHaveLength(0);
    expect(use(easy, 'p2-hero', [6]).s.units['p2-hero'].slain).toHaveLength(0);
  });
  it('Tear Limb From Limb (kb-001) on the hero (Health 5): a 6 exceeds 5 → its one model slain, the unit destroyed (by p1\'s hero); a 5 → nothing', () => {
    const tear = heroAbility('Tear Limb From Limb', TEAR);
    const r = use(tear, 'p2-hero', [6]);
    expect(r.s.units['p2-hero'].slain).toEqual(['p2-hero-m1']);
    expect(r.events.find((e) => e.type === 'unitDestroyed')).toMatchObject({ unitId: 'p2-hero', by: 'p1-hero' });
    expect(use(tear, 'p2-hero', [5]).s.units['p2-hero'].slain).toHaveLength(0);
  });
  it('Toxic Stash (kb-001): 2D6 3 + 3 = 6 exceeds Health 5 → destroyed; 2 + 3 = 5 → not', () => {
    const toxic = heroAbility('Toxic Stash', TOXIC);
    const r = use(toxic, 'p2-hero', [3, 3]);
    expect(r.events.find((e) => e.type === 'abilitySlay')).toMatchObject({ rolls: [6], slay: 'unit', count: 1 });
    expect(r.events.some((e) => e.type === 'unitDestroyed' && e.unitId === 'p2-hero')).toBe(true);
    expect(use(toxic, 'p2-hero', [2, 3]).s.units['p2-hero'].slain).toHaveLength(0);
    // On the 5 Gutrippaz (Health 1): 2 + 1 = 3 > 1 → every model slain.
    expect(use(toxic, 'p2-boyz', [2, 1]).s.units['p2-boyz'].slain).toHaveLength(5);
  });
  it('Cavernous Jaws (sce-002) on Gutrippaz of Health 3 with 2 damage points and a Ward (6+): dice 2 3 6 → 2 slain; no ward roll, the damage points stay', () => {
    const jaws = heroAbility('Cavernous Jaws', JAWS);
    const ward = ability({ name: 'Ward', timing: timing('Passive', 'passive', 'any'), effect: 'This unit has Ward (6+).', resolves: [{ ward: 6, targets: 'self' }] });
    const s = gameAtHero(roster('p1', [jaws]), tougher(roster('p2', [], [ward])), port, [2, 3, 6]);
    s.units['p2-boyz'].damage = 2;
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Cavernous Jaws', targets: ['p2-boyz'] }]);
    expect(r.events.find((e) => e.type === 'abilitySlay')).toMatchObject({ rolls: [2, 3, 6], health: 3, count: 2 });
    expect(r.s.units['p2-boyz'].slain).toHaveLength(2);
    expect(r.s.units['p2-boyz'].damage).toBe(2);
    expect(rollsOf(r.s, 'ward:')).toEqual([]);
    expect(r.events.some((e) => e.type === 'damageResolved')).toBe(false);
  });
});

describe('"If this unit is not in combat, roll a dice. On a 3+, ..." (Paragon of Slaughter, dok-001) and "Then, roll a dice" (Beast-breaking Strike, sob-001)', () => {
  const PARAGON = 'If this unit is in combat, add 1 to the Rend characteristic of the target\'s melee weapons for the rest of the turn. If this unit is not in combat, roll a dice. On a 3+, add 1 to the Rend characteristic of the target\'s melee weapons for the rest of the turn.';
  const paragon = heroAbility('Paragon of Slaughter', PARAGON, 'Pick a visible friendly **^^Kruleboyz Infantry^^** unit wholly within 12" of this unit to be the target.');
  const near = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [12, 14], 'p2-hero': [25, 20] });
  it('not in combat, a 3: +1 Rend on the boyz\' melee weapons for the turn; a 2: nothing', () => {
    const s = gameAtHero(roster('p1', [paragon]), roster('p2'), near, [3]);
    const r = play(s, near, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Paragon of Slaughter', targets: ['p1-boyz'] }]);
    const applied = r.events.filter((e) => e.type === 'abilityEffect').map((e) => [e.units, e.rolls]);
    expect(applied).toEqual([[[], undefined], [['p1-boyz'], { 'p1-boyz': [3] }]]);
    expect(modified(r.s, near, 'p1-boyz', 'rend', { weapon: 'melee' }).add).toBe(1);
    const s2 = gameAtHero(roster('p1', [paragon]), roster('p2'), near, [2]);
    const r2 = play(s2, near, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Paragon of Slaughter', targets: ['p1-boyz'] }]);
    expect(r2.events.find((e) => e.type === 'abilityEffectSkipped' && String(e.why).startsWith('rolled'))).toMatchObject({ why: 'rolled 2, needed 3+' });
  });
  it('in combat (p2\'s hero 1.5" away): the first effect applies, the second is skipped without rolling a dice', () => {
    const fighting = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [12, 14], 'p2-hero': [11.5, 20] });
    const s = gameAtHero(roster('p1', [paragon]), roster('p2'), fighting, [6]);
    const r = play(s, fighting, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Paragon of Slaughter', targets: ['p1-boyz'] }]);
    expect(r.events.filter((e) => e.type === 'abilityEffect').map((e) => e.units)).toEqual([['p1-boyz'], []]);
    expect(rollsOf(r.s, 'Paragon')).toEqual([]);
  });
  it('Beast-breaking Strike: a pile-in move is offered, then a 4 → 5D6 (1 2 3 4 5 = 15) mortal damage on the hero (Health 5): destroyed; a 3 → none', () => {
    const strike = heroAbility('Beast-breaking Strike', 'This unit can make a pile-in move. Then, roll a dice. On a 4+, inflict 5D6 mortal damage on the target.');
    const r = use(strike, 'p2-hero', [4, 1, 2, 3, 4, 5]);
    expect(r.events.find((e) => e.type === 'abilityMove')).toMatchObject({ unitId: 'p1-hero', moveAs: 'pileIn', maxInches: 3 });
    expect(r.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-hero', dice: [4], amount: 15 });
    expect(r.events.some((e) => e.type === 'unitDestroyed' && e.unitId === 'p2-hero')).toBe(true);
    expect(use(strike, 'p2-hero', [3]).events.find((e) => e.type === 'abilityMortal')).toMatchObject({ dice: [3], amount: 0 });
  });
});
