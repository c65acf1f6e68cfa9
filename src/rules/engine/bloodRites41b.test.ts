/**
 * Session 41 (sh41b; `abilities/parseBloodRites41b.ts`, `engine/bloodRites41b.ts`): the blood rites of the turn as game
 * state, Blessings of Khaine's Declare checked on them, Crimson Offerings' second blessing. The real texts (dok-001)
 * read; fall-back twins by hand; on the kit's table (p1's Shaman and Gutrippaz given DAUGHTERS OF KHAINE) with an
 * objective marker and scripted dice, each result by hand.
 *
 * Rules: Blood Rites, Blessings of Khaine, Anointed Ritualist (battle traits), Crimson Offerings; Core 5.2 (using an
 * ability), 17.0 / 18.0 (attacks, damage sequence), 32.1 (contesting: an objective within a model's combat range, 3").
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEFAULT_PLACEMENT, gameAtHero, play, refused, roster, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { readsBloodRites41b } from '../abilities/parseBloodRites41b';
import { importArmy } from '../../army/importArmy';
import { worldPort } from './worldPort';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { isAlive } from './core';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';
import type { RosterInput } from './roster';

// The real texts, as imported from the fixture roster.
const dok = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/dok-001-all-units/list.json')), 'dok-001/list.json').army;
const named = (n: string): Ability => {
  const a = [...(dok.abilities ?? []), ...dok.units.flatMap((u) => u.warscroll.abilities ?? [])].find((x) => x.name === n);
  if (a === undefined) throw new Error(`no ${n} in dok-001`);
  return { ...(a as Ability), id: n };
};
const RITES = named('Blood Rites');
const BOK = named('Blessings of Khaine');
const CRIMSON = named('Crimson Offerings');
const ANOINTED = named('Anointed Ritualist');
const KW = ['DAUGHTERS OF KHAINE', 'HERO', 'INFANTRY', 'PRIEST'];
const read = (declare: string | null, effect: string, t: Ability['timing']) => parseEffect({ declare, effect, timing: t, knownKeywords: KW });

describe('the real texts read (dok-001); twins by hand', () => {
  it('Blessings of Khaine: its Declare (blood rites this turn) and the seven blessings: one not active becomes active', () => {
    expect(BOK.resolves).toEqual([{ blessingPick41b: 'activate', bloodRites: true }]);
    expect(BOK.picks).toEqual([{ kind: 'choice', choices: ['Ruthlessness', 'Hatred', 'Haste', 'Zeal', 'Shadow', 'Cruelty', 'Clarity'] }]);
  });

  it('Crimson Offerings: the reaction to Blessings of Khaine picks a second blessing', () => {
    expect(CRIMSON.resolves).toEqual([{ blessingPick41b: 'extra' }]);
    expect(CRIMSON.picks?.[0].choices).toHaveLength(7);
  });

  it('Blood Rites is recognised word for word (and stays by hand: two triggers need the anointed unit)', () => {
    expect(readsBloodRites41b(RITES)).toBe(true);
    expect(RITES.resolves).toBeNull();
    expect(readsBloodRites41b({ ...RITES, effect: RITES.effect.replace('within 3"', 'within 6"') })).toBe(false);
  });

  it('twins: another Declare condition, a blessing changed, a sentence added, another timing, another trigger stay by hand', () => {
    expect(read(BOK.declare!.replace('blood rites', 'heroic actions'), BOK.effect, BOK.timing).resolves).toBeNull();
    expect(read(null, BOK.effect, BOK.timing).resolves).toBeNull();
    expect(read(BOK.declare, BOK.effect.replace('Add 3"', 'Add 2"'), BOK.timing).resolves).toBeNull();
    expect(read(BOK.declare, `${BOK.effect} Then, heal (1) each friendly unit.`, BOK.timing).resolves).toBeNull();
    expect(read(BOK.declare, BOK.effect, timing('Your Hero Phase', 'hero', 'your')).resolves).toBeNull();
    expect(read(null, CRIMSON.effect.replace('combat attacks', 'shooting attacks'), CRIMSON.timing).resolves).toBeNull();
    expect(read(null, CRIMSON.effect, timing('Once Per Turn (Army), Reaction: You declared the \'Call to Murder\' ability', 'reaction', 'your', { per: 'turn', army: true }, "You declared the 'Call to Murder' ability")).resolves).toBeNull();
  });
});

// p1: the Shaman and the Gutrippaz are Daughters of Khaine (the Shaman a non-Unique HERO: it could be anointed).
const dokP1 = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => (u.id === 'p1-hero' || u.id === 'p1-boyz' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'DAUGHTERS OF KHAINE'] } } : u)) });
/** BoK usable in the combat phase here (its End of Any Turn timing is the engine's; the Declare is what is tested). */
const bokNow = { ...BOK, timing: timing('Any Combat Phase', 'combat', 'any') };
const crimsonOnHero = CRIMSON;

/**
 * The 60" × 44" table, p1's Gutrippaz at (14, 15) in a line along +y (15, 16.3, ... 20.2), p2's Hobgrots at (16, 15)
 * (15, 16.3, 17.6: each within 3" of a Gutrippaz), objective `o1` (40 mm) at (17, 14): every Hobgrot is within 3" of it
 * (the nearest 1" away), and `o2` far away at (40, 40) for the tests that need one p1 does not control.
 */
function table(place: Record<string, [number, number]> = {}, placeOfPower?: [number, number]) {
  const counts: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
  const units = Object.entries({ ...DEFAULT_PLACEMENT, 'p2-gits': [16, 15], ...place }).map(([id, at]) => ({
    id,
    army: id.slice(0, 2),
    models: Array.from({ length: counts[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })),
  }));
  // With `placeOfPower`: a Place of Power there (a cylinder of radius 1", 2" high).
  const terrain = placeOfPower ? [{ id: 'pop', type: 'placeOfPower' as const, abilities: ['cover' as const, 'placeOfPower' as const], cylinders: [{ center: placeOfPower, radius: 1, height: 2 }] }] : [];
  return worldPort(makeWorld({ units, terrain, objectives: [{ id: 'o1', pos: [17, 14] }, { id: 'o2', pos: [40, 40] }] }));
}

function game(port: ReturnType<typeof table>, control: Record<string, 'p1' | 'p2' | null>, army: Ability[], dice: number[], heroAbilities: Ability[] = []): GameState {
  const s = gameAtHero(dokP1(roster('p1', heroAbilities, [], army)), roster('p2'), port, dice);
  return toPhase({ ...s, battleplan: { ...s.battleplan, objectives: ['o1', 'o2'] }, objectives: control }, port, 'combat');
}

// The Gutrippaz fight the Hobgrots: 10 attacks (5 models × 2 Wicked Hacka), 10 hit rolls of 5 (4+), 10 wound rolls of 5
// (4+), 10 save rolls of 1 (6+): 10 damage points, Health 1: the 3 Hobgrots are slain, the unit destroyed.
const KILL = [...Array(10).fill(5), ...Array(10).fill(5), ...Array(10).fill(1)];
const FIGHT = [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }] as const;
const useBok = (choice: string) => ({ type: 'useAbility', player: 'p1', ability: 'Blessings of Khaine', choice }) as const;

describe('the blood rites of the turn', () => {
  it('the Hobgrots destroyed by the Gutrippaz (DAUGHTERS OF KHAINE) while contesting o1, which p1 does not control (p2 does): a blood rite; Blessings of Khaine then makes Hatred active', () => {
    const port = table();
    const r = play(game(port, { o1: 'p2', o2: 'p1' }, [RITES, bokNow], KILL), port, [...FIGHT]);
    expect(isAlive(r.s, 'p2-gits')).toBe(false);
    expect(r.s.diceScript).toEqual([]);
    expect(r.events.find((e) => e.type === 'bloodRite')).toMatchObject({ player: 'p1', unitId: 'p2-gits', sure: true });
    expect(r.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ player: 'p1', unitId: 'p2-gits', sure: true })]);
    const b = play(r.s, port, [useBok('Hatred')]);
    expect(b.s.blessings).toEqual({ p1: ['Hatred'] });
    expect(b.s.blessingUses?.p1).toHaveLength(1);
  });

  it('the same with o1 controlled by nobody (null: not p1\'s): a blood rite', () => {
    const port = table();
    const r = play(game(port, { o1: null, o2: 'p1' }, [RITES], KILL), port, [...FIGHT]);
    expect(r.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p2-gits', sure: true })]);
  });

  it('p1 controls both objectives, no Anointed Ritualist, no Place of Power: no blood rite, Blessings of Khaine refused (its Declare)', () => {
    const port = table();
    const r = play(game(port, { o1: 'p1', o2: 'p1' }, [RITES, bokNow], KILL), port, [...FIGHT]);
    expect(isAlive(r.s, 'p2-gits')).toBe(false);
    expect(r.events.find((e) => e.type === 'bloodRite')).toBeUndefined();
    expect(refused(r.s, port, useBok('Hatred'))).toEqual({ reason: 'Blessings of Khaine: p1 performed no blood rites this turn (no unit destroyed with a blood rite)', rule: 'Blessings of Khaine: Declare' });
  });

  it('no unit destroyed this turn: Blessings of Khaine refused', () => {
    const port = table();
    expect(refused(game(port, { o1: 'p2', o2: 'p2' }, [RITES, bokNow], []), port, useBok('Haste')).rule).toBe('Blessings of Khaine: Declare');
  });

  it('the Hobgrots away from o1 (p1\'s) and o2 (p2\'s, far) all phase: no blood rite, refused', () => {
    const port = table({ 'p2-gits': [16, 25], 'p1-boyz': [14, 24] });
    const r = play(game(port, { o1: 'p1', o2: 'p2' }, [RITES, bokNow], KILL), port, [...FIGHT]);
    expect(isAlive(r.s, 'p2-gits')).toBe(false);
    expect(r.s.bloodRitesPhase41b?.contested).toEqual({ p1: [] });
    expect(r.s.bloodRites41b).toBeUndefined();
    expect(refused(r.s, port, useBok('Hatred')).rule).toBe('Blessings of Khaine: Declare');
  });

  it('the Hobgrots contesting o1 (p2\'s) when the combat phase started, moved away before the Gutrippaz destroy them (positions set in the state): a blood rite', () => {
    const port = table();
    const s0 = game(port, { o1: 'p2', o2: 'p2' }, [RITES, bokNow], KILL);
    expect(s0.bloodRitesPhase41b?.contested).toEqual({ p1: ['p2-gits'] });
    const away = { ...s0.positions, 'p2-gits-m1': [16, 25], 'p2-gits-m2': [16, 26.3], 'p2-gits-m3': [16, 27.6], ...Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p1-boyz-m${i + 1}`, [14, 24 + i * 1.3]])) } as GameState['positions'];
    const r = play({ ...s0, positions: away }, port, [...FIGHT]);
    expect(isAlive(r.s, 'p2-gits')).toBe(false);
    expect(r.s.diceScript).toEqual([]);
    expect(r.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p2-gits', sure: true, trigger: "an enemy unit destroyed by a friendly Daughters of Khaine unit's attacks after contesting an objective you do not control in the phase" })]);
  });

  it('an older save without the phase\'s record, the Hobgrots away from o1: they may have contested o2 (p2\'s) earlier in the phase: a possible blood rite, Blessings of Khaine accepted and left to its player (resolveByHand)', () => {
    const port = table({ 'p2-gits': [16, 25], 'p1-boyz': [14, 24] });
    const r = play({ ...game(port, { o1: 'p1', o2: 'p2' }, [RITES, bokNow], KILL), bloodRitesPhase41b: undefined }, port, [...FIGHT]);
    expect(isAlive(r.s, 'p2-gits')).toBe(false);
    expect(r.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p2-gits', sure: false, trigger: 'it may have contested an objective you do not control earlier in the phase' })]);
    const b = play(r.s, port, [useBok('Hatred')]);
    expect(b.s.blessings).toBeUndefined();
    expect(b.events.find((e) => e.type === 'abilityAwaitsByHand')).toMatchObject({ name: 'Blessings of Khaine' });
    const h = play(b.s, port, [{ type: 'resolveByHand', player: 'p1', ability: 'Blessings of Khaine', effects: [{ blessing40h: 'Hatred', active: true }] }]);
    expect(h.s.blessings).toEqual({ p1: ['Hatred'] });
  });

  it('Anointed Ritualist used and left waiting (its target unknown), p1\'s Shaman (a non-Unique DAUGHTERS OF KHAINE HERO) destroyed by its own player\'s allocation: a possible blood rite (it may be anointed); the Gutrippaz (not a HERO): none; Anointed Ritualist never used: none', () => {
    const port = table();
    const s0 = game(port, { o1: 'p2', o2: 'p2' }, [RITES, ANOINTED, bokNow], []);
    expect(play(s0, port, [{ type: 'allocateDamage', player: 'p1', unitId: 'p1-hero', points: 5 }]).s.bloodRites41b).toBeUndefined();
    const s = play(s0, port, [{ type: 'useAbility', player: 'p1', ability: 'Anointed Ritualist', targets: ['p1-hero'] }]).s;
    const hero = play(s, port, [{ type: 'allocateDamage', player: 'p1', unitId: 'p1-hero', points: 5 }]);
    expect(hero.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p1-hero', sure: false })]);
    const boyz = play(s, port, [{ type: 'allocateDamage', player: 'p1', unitId: 'p1-boyz', points: 5 }]);
    expect(isAlive(boyz.s, 'p1-boyz')).toBe(false);
    expect(boyz.s.bloodRites41b).toBeUndefined();
  });

  it('p1\'s Gutrippaz destroyed while contesting o1, which p1 controls: a blood rite (the Gutrippaz at (14, 15): the first model 3" from o1\'s centre, 2.2" from its edge)', () => {
    const port = table();
    const boyz = play(game(port, { o1: 'p1', o2: 'p2' }, [RITES], []), port, [{ type: 'allocateDamage', player: 'p1', unitId: 'p1-boyz', points: 5 }]);
    expect(boyz.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p1-boyz', sure: true })]);
    const notMine = play(game(port, { o1: 'p2', o2: 'p2' }, [RITES], []), port, [{ type: 'allocateDamage', player: 'p1', unitId: 'p1-boyz', points: 5 }]);
    expect(notMine.s.bloodRites41b).toBeUndefined();
  });

  it('a Place of Power at (19, 16), 1.4" from the Hobgrots\' nearest base (16, 15 / 16.3: 3" - 1" - 0.63") when the combat phase started: a blood rite (p1 controls both objectives); one at (55, 5), far: none; no record of the phase start (an older save): possible', () => {
    const near = table({}, [19, 16]);
    const s = game(near, { o1: 'p1', o2: 'p1' }, [RITES], KILL);
    expect(s.bloodRitesPhase41b).toEqual({ phase: '1:0:combat', nearPower: ['p2-gits'], contested: { p1: [] } });
    const r = play(s, near, [...FIGHT]);
    expect(r.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p2-gits', sure: true, trigger: 'it was within 3" of a Place of Power at the start of the phase' })]);
    const far = table({}, [55, 5]);
    const none = play(game(far, { o1: 'p1', o2: 'p1' }, [RITES], KILL), far, [...FIGHT]);
    expect(isAlive(none.s, 'p2-gits')).toBe(false);
    expect(none.s.bloodRites41b).toBeUndefined();
    const old = play({ ...game(far, { o1: 'p1', o2: 'p1' }, [RITES], KILL), bloodRitesPhase41b: undefined }, far, [...FIGHT]);
    expect(old.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p2-gits', sure: false, trigger: 'it may have been within 3" of a Place of Power at the start of the phase' })]);
  });

  it('Anointed Ritualist used and left waiting, the Hobgrots destroyed by the Shaman\'s combat attacks (it could be anointed; p1 controls both objectives): a possible blood rite; without Anointed Ritualist: none', () => {
    // The Shaman (1 model, Staff: 3 attacks, 4+ / 3+, Rend 1, Damage D3) at (14, 15) beside the Hobgrots: hits 5 5 5, wounds 5 5 5, saves 1 1 1, damage D3 rolls 6 6 6 → 2 each: 6 points, 3 Hobgrots slain.
    const port = table({ 'p1-hero': [14, 15], 'p1-boyz': [14, 30] });
    const dice = [5, 5, 5, 5, 5, 5, 1, 1, 1, 6, 6, 6];
    const heroFight = [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-gits' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }] as const;
    const r = play(game(port, { o1: 'p1', o2: 'p1' }, [RITES, ANOINTED], dice), port, [{ type: 'useAbility', player: 'p1', ability: 'Anointed Ritualist', targets: ['p1-hero'] }, ...heroFight]);
    expect(isAlive(r.s, 'p2-gits')).toBe(false);
    expect(r.s.diceScript).toEqual([]);
    expect(r.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p2-gits', sure: false })]);
    expect(r.s.bloodRites41b?.rites[0].trigger).toContain('anointed');
    const none = play(game(port, { o1: 'p1', o2: 'p1' }, [RITES], dice), port, [...heroFight]);
    expect(isAlive(none.s, 'p2-gits')).toBe(false);
    expect(none.s.bloodRites41b).toBeUndefined();
  });

  it('the Shaman named anointed by hand (Anointed Ritualist resolved by hand with {anointed41b}): its combat attacks destroying the Hobgrots are a blood rite; the Shaman destroyed is one; used but not named: possible again', () => {
    const port = table({ 'p1-hero': [14, 15], 'p1-boyz': [14, 30] });
    const dice = [5, 5, 5, 5, 5, 5, 1, 1, 1, 6, 6, 6];
    const heroFight = [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-gits' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }] as const;
    const s0 = game(port, { o1: 'p1', o2: 'p1' }, [RITES, ANOINTED, bokNow], dice);
    const anoint = play(s0, port, [
      { type: 'useAbility', player: 'p1', ability: 'Anointed Ritualist', targets: ['p1-hero'] },
      { type: 'resolveByHand', player: 'p1', ability: 'Anointed Ritualist', effects: [{ anointed41b: true, targets: 'targets' }] },
    ]);
    expect(anoint.s.anointed41b).toEqual({ p1: { units: ['p1-hero'], resolutions: 1 } });
    expect(anoint.events.find((e) => e.type === 'anointed')).toMatchObject({ player: 'p1', unitId: 'p1-hero' });
    const r = play(anoint.s, port, [...heroFight]);
    expect(r.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p2-gits', sure: true, trigger: "damage points allocated to it by a friendly anointed unit's combat attacks" })]);
    expect(play(r.s, port, [useBok('Zeal')]).s.blessings).toEqual({ p1: ['Zeal'] });
    const lost = play({ ...anoint.s, objectives: { o1: 'p2', o2: 'p2' } }, port, [{ type: 'allocateDamage', player: 'p1', unitId: 'p1-hero', points: 5 }]);
    expect(lost.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p1-hero', sure: true, trigger: 'a friendly anointed unit is destroyed' })]);
    // The Gutrippaz (not anointed) destroyed: none (p1 controls o1, which they contest: a blood rite by trigger 3, so o1 is p2's here).
    const other = play({ ...anoint.s, objectives: { o1: 'p2', o2: 'p2' } }, port, [{ type: 'allocateDamage', player: 'p1', unitId: 'p1-boyz', points: 5 }]);
    expect(other.s.bloodRites41b).toBeUndefined();
    // Used again (Bloody Succession's way) and left waiting: the anointed units are unknown, the Shaman's kill is possible only.
    const again = play(anoint.s, port, [{ type: 'useAbility', player: 'p1', ability: 'Anointed Ritualist', targets: ['p1-hero'] }, ...heroFight]);
    expect(again.s.bloodRites41b?.rites).toEqual([expect.objectContaining({ unitId: 'p2-gits', sure: false })]);
  });

  it('a game without Blood Rites keeps no record', () => {
    const port = table();
    const r = play(game(port, { o1: 'p2', o2: 'p2' }, [bokNow], KILL), port, [...FIGHT]);
    expect(isAlive(r.s, 'p2-gits')).toBe(false);
    expect(r.s.bloodRites41b).toBeUndefined();
    expect(r.s.bloodRitesPhase41b).toBeUndefined();
  });

  it('a blood rite of the previous turn does not count in the next (the record is of one turn)', () => {
    const port = table();
    const r = play(game(port, { o1: 'p2', o2: 'p1' }, [RITES, { ...BOK, timing: timing('Any Hero Phase', 'hero', 'any') }], KILL), port, [...FIGHT]);
    expect(r.s.bloodRites41b?.rites).toHaveLength(1);
    const next = toPhase(play(r.s, port, [{ type: 'endPhase', player: 'p1' }]).s, port, 'hero');
    expect(next.active).toBe('p2');
    expect(refused(next, port, useBok('Hatred')).rule).toBe('Blessings of Khaine: Declare');
  });
});

describe('Blessings of Khaine with a blood rite, and Crimson Offerings', () => {
  const port = table();
  const after = (army: Ability[], hero: Ability[] = []) => play(game(port, { o1: 'p2', o2: 'p1' }, army, KILL, hero), port, [...FIGHT]).s;

  it('a blessing already active is refused; Crimson Offerings (the Shaman\'s, the Hobgrots destroyed by the Gutrippaz only) is refused by its condition', () => {
    const s = { ...after([RITES, bokNow], [crimsonOnHero]), blessings: { p1: ['Hatred'] } };
    expect(refused(s, port, useBok('Hatred')).reason).toBe('Blessings of Khaine: Blessing of Hatred is already active');
    const b = play(s, port, [useBok('Haste')]);
    expect(b.s.blessings).toEqual({ p1: ['Hatred', 'Haste'] });
    const no = refused(b.s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Crimson Offerings', choice: 'Zeal' });
    expect([no.rule, no.reason]).toEqual(['Crimson Offerings: Effect', 'Crimson Offerings cannot be used now: the condition of its Effect does not hold: no damage points were allocated to an enemy unit by "p1-hero"\'s combat attacks this turn']);
  });

  it('Crimson Offerings on the Gutrippaz (which destroyed the Hobgrots): Haste by Blessings of Khaine, then Zeal; Haste again refused', () => {
    const gs = game(port, { o1: 'p2', o2: 'p1' }, [RITES, bokNow], KILL);
    const withCrimson: GameState = { ...gs, players: { ...gs.players, p1: { ...gs.players.p1, roster: { ...gs.players.p1.roster, units: gs.players.p1.roster.units.map((u) => (u.id === 'p1-boyz' ? { ...u, warscroll: { ...u.warscroll, abilities: [CRIMSON] } } : u)) } } } };
    const s = play(withCrimson, port, [...FIGHT, useBok('Haste')]).s;
    expect(s.blessings).toEqual({ p1: ['Haste'] });
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Crimson Offerings', choice: 'Haste' }).reason).toBe('Crimson Offerings: Blessing of Haste is already active');
    const c = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Crimson Offerings', choice: 'Zeal' }]);
    expect(c.s.blessings).toEqual({ p1: ['Haste', 'Zeal'] });
    // Not a use of Blessings of Khaine: one named resolution of it.
    expect(c.s.blessingUses?.p1).toHaveLength(1);
  });

  it('Blessings of Khaine left by hand (only a possible blood rite: the Hobgrots away from o1, an older save): Crimson Offerings waits for resolveByHand too, no blessing set', () => {
    const far = table({ 'p2-gits': [16, 25], 'p1-boyz': [14, 24] });
    const gs = { ...game(far, { o1: 'p1', o2: 'p2' }, [RITES, bokNow], KILL), bloodRitesPhase41b: undefined };
    const withCrimson: GameState = { ...gs, players: { ...gs.players, p1: { ...gs.players.p1, roster: { ...gs.players.p1.roster, units: gs.players.p1.roster.units.map((u) => (u.id === 'p1-boyz' ? { ...u, warscroll: { ...u.warscroll, abilities: [CRIMSON] } } : u)) } } } };
    const r = play(withCrimson, far, [...FIGHT, useBok('Haste'), { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Crimson Offerings', choice: 'Zeal' }]);
    expect(r.s.blessings).toBeUndefined();
    expect(r.s.abilities?.awaiting.map((w) => w.name)).toEqual(['Blessings of Khaine', 'Crimson Offerings']);
  });
});
