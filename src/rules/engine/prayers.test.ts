import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { reduce } from './reduce';
import { sampleManifestations, sampleRoster, tablePort, type PortTables } from './testkit';
import { runActions } from './testkit';
import type { RosterInput } from './roster';

const base = { shape: 'round' as const, diameterMm: 40 };
/** The sample roster plus a PRIEST (knows Resurrection) and a WIZARD, each leading a regiment, and two manifestations. */
function roster(p: 'p1' | 'p2'): RosterInput {
  const r = sampleRoster(p) as RosterInput & { units: unknown[]; regiments: unknown[] };
  r.units.push(
    { id: `${p}-priest`, name: 'Priest', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'PRIEST (1)'], prayers: ['resurrection'] }, weapons: [], models: [{ id: `${p}-priest-m1`, base }] },
    { id: `${p}-wizard`, name: 'Wizard', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'WIZARD (1)'], spells: ['mysticShield'] }, weapons: [], models: [{ id: `${p}-wizard-m1`, base }] },
  );
  r.regiments.push({ leader: `${p}-priest`, units: [] }, { leader: `${p}-wizard`, units: [] });
  return {
    ...r,
    manifestations: sampleManifestations(p),
  } as RosterInput;
}
function tables(): PortTables {
  return {
    inCombat: new Set(),
    contests: { 'p1-orb': ['o1'], 'p2-warriors': ['o1'] },
    distances: { 'p1-hero|p1-priest': 2.9, 'p1-orb|p1-wizard': 11, 'p1-icon|p1-priest': 5, 'p2-priest|p1-orb': 20, 'p2-wizard|p1-orb': 20 },
  };
}
function run(s: GameState, actions: Action[], t = tables()) {
  return runActions(s, actions, tablePort(t));
}
function game(script: number[], t = tables()): GameState {
  const g = createGame({ seed: 8, rosters: { p1: roster('p1'), p2: roster('p2') }, finishedDeployingFirst: 'p1', battleplan: { objectives: ['o1'] }, diceScript: script });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return run(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }], t).s;
}
const chant = (player: 'p1' | 'p2', prayer: string, unitId = `${player}-priest`): Action => ({ type: 'chant', player, unitId, prayer });
const rej = (s: GameState, a: Action, t = tables()) => reduce(s, a, tablePort(t));

describe('prayers and ritual points (Magic 3.0)', () => {
  it('T-15 chanting roll D6 of 2+: bank ritual points (they accumulate) or answer with roll + points ≥ chanting value', () => {
    let s = game([5]);
    let r = run(s, [chant('p1', 'summon:p1-icon')]);
    s = r.s;
    expect(s.pendingPrayer).toMatchObject({ priestId: 'p1-priest', roll: 5, unmodified: 5 });
    // While the choice is pending nothing else is accepted.
    expect(rej(s, { type: 'endPhase', player: 'p1' })).toMatchObject({ ok: false, rule: 'Magic 3.0' });
    expect(rej(s, { type: 'answerPrayer', player: 'p2', choice: 'bank' })).toMatchObject({ ok: false, rule: 'Magic 3.0' });
    s = run(s, [{ type: 'answerPrayer', player: 'p1', choice: 'bank' }]).s;
    expect(s.ritualPoints['p1-priest']).toBe(5);
    // PRIEST (1): one PRAYER this phase (Magic 1.1).
    expect(rej(s, chant('p1', 'resurrection'))).toMatchObject({ ok: false, rule: 'Magic 1.1' });
    // Next own hero phase (round 2, p1 first again): 2 + 5 = 7 ≥ 6 → answered, the icon is set up, points reset.
    s = nextOwnHeroPhase(s);
    s = { ...s, diceScript: [2] };
    r = run(s, [chant('p1', 'summon:p1-icon'), { type: 'answerPrayer', player: 'p1', choice: 'answer', positions: { 'p1-icon-m1': [3, 3] } }]);
    expect(r.events.find((e) => e.type === 'prayerAnswered')).toMatchObject({ total: 7, chantingValue: 6 });
    expect(r.s.ritualPoints['p1-priest']).toBe(0);
    expect(r.s.units['p1-icon'].status).toBeUndefined();
    expect(r.s.units['p1-icon'].manifestation).toEqual({ banishment: 8, summoner: 'p1-priest' });
  });

  it('T-15 an answer below the chanting value fails and keeps the points (A-R12); an unmodified 1 fails and removes D3 points (floor 0)', () => {
    let s = game([3]);
    s = { ...s, ritualPoints: { 'p1-priest': 2 } };
    let r = run(s, [chant('p1', 'summon:p1-icon'), { type: 'answerPrayer', player: 'p1', choice: 'answer' }]);
    expect(r.events.find((e) => e.type === 'prayerNotAnswered')).toMatchObject({ total: 5, chantingValue: 6, ritualPoints: 2 });
    expect(r.s.ritualPoints['p1-priest']).toBe(2);
    // A 1: D3 (a 6 → 3) points lost, not below 0.
    s = { ...game([1, 6]), ritualPoints: { 'p1-priest': 2 } };
    r = run(s, [chant('p1', 'summon:p1-icon')]);
    expect(r.events.find((e) => e.type === 'prayerFailed')).toMatchObject({ roll: 1, lost: 2, ritualPoints: 0 });
    expect(r.s.pendingPrayer).toBe(null);
    // Not a PRIEST; an unknown prayer; not the player's hero phase.
    s = game([]);
    expect(rej(s, chant('p1', 'resurrection', 'p1-wizard'))).toMatchObject({ ok: false, rule: 'Magic 1.1' });
    expect(rej(s, chant('p1', 'smite'))).toMatchObject({ ok: false, rule: 'Magic 6.0' });
    expect(rej(s, chant('p2', 'resurrection'))).toMatchObject({ ok: false, rule: 'Magic 3.0' });
  });

  it('Magical Intervention: a PRAYER in the enemy hero phase at -1; an unmodified 2 (modified 1) may still be banked (004 wording)', () => {
    const s = game([2]);
    const r = run(s, [{ type: 'command', player: 'p2', command: 'magicalIntervention', unitId: 'p2-priest' }, chant('p2', 'summon:p2-icon'), { type: 'answerPrayer', player: 'p2', choice: 'bank' }]);
    expect(r.events.find((e) => e.type === 'chantingRoll')).toMatchObject({ unmodified: 2, roll: 1 });
    expect(r.s.ritualPoints['p2-priest']).toBe(1);
  });

  it('T-15 Resurrection (the Magic 3.0 example prayer, Once Per Battle, chanting value 7): a slain friendly INFANTRY HERO set up wholly within 3"', () => {
    let s = game([6]);
    s = { ...s, ritualPoints: { 'p1-priest': 1 } };
    // Nothing slain yet: no target.
    const answer = (target: string): Action => ({ type: 'answerPrayer', player: 'p1', choice: 'answer', target, positions: { [`${target}-m1`]: [1, 1] } });
    s = run(s, [{ type: 'allocateDamage', player: 'p1', unitId: 'p1-hero', points: 5 }]).s;
    expect(s.units['p1-hero'].slain).toEqual(['p1-hero-m1']);
    s = run(s, [chant('p1', 'resurrection')]).s;
    expect(rej(s, answer('p1-warriors'))).toMatchObject({ ok: false, rule: 'Magic 3.0', reason: expect.stringContaining('not been slain') });
    expect(rej(s, answer('p2-hero'))).toMatchObject({ ok: false, rule: 'Magic 3.0' });
    const far = tables();
    far.distances!['p1-hero|p1-priest'] = 3.1;
    expect(rej(s, answer('p1-hero'), far)).toMatchObject({ ok: false, rule: 'Magic 3.0', reason: expect.stringContaining('3"') });
    const r = run(s, [answer('p1-hero')]);
    expect(r.events.find((e) => e.type === 'prayerAnswered')).toMatchObject({ total: 7, chantingValue: 7 });
    s = r.s;
    expect(s.units['p1-hero']).toMatchObject({ slain: [], damage: 0 });
    expect(s.positions['p1-hero-m1']).toEqual([1, 1]);
    // Core 24.0: set up outside the deployment phase → no MOVE abilities in this movement phase.
    s = run(s, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(rej(s, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'normal', paths: { 'p1-hero-m1': [[2, 1]] } })).toMatchObject({ ok: false, rule: 'Core 24.0' });
    expect(rej(s, { type: 'run', player: 'p1', unitId: 'p1-hero' })).toMatchObject({ ok: false, rule: 'Core 24.0' });
    // Once Per Battle (Core 28.2).
    s = nextOwnHeroPhase(s);
    expect(rej(s, chant('p1', 'resurrection'))).toMatchObject({ ok: false, rule: 'Core 28.2' });
  });
});

describe('manifestations (Magic 7.0-7.2) and Banish Manifestation', () => {
  const summonOrb: Action = { type: 'cast', player: 'p1', unitId: 'p1-wizard', spell: 'summon:p1-orb', target: 'p1-orb', positions: { 'p1-orb-m1': [5, 5] } };
  it('T-16 summoned by a spell of its lore (casting value, wholly within range); not a unit for objectives; banished on a roll ≥ banishment value', () => {
    let s = game([3, 3]);
    expect(s.units['p1-orb']).toMatchObject({ status: 'unsummoned' });
    const far = tables();
    far.distances!['p1-orb|p1-wizard'] = 12.5;
    expect(rej(s, summonOrb, far)).toMatchObject({ ok: false, rule: 'Magic 7.0' });
    expect(rej(s, { ...summonOrb, positions: undefined } as Action)).toMatchObject({ ok: false, rule: 'Core 24.0' });
    expect(rej(s, { ...summonOrb, spell: 'summon:p1-icon', target: 'p1-icon' } as Action)).toMatchObject({ ok: false, rule: 'Magic 6.0' });
    let r = run(s, [summonOrb]);
    expect(r.s.pendingSpell).toMatchObject({ spell: 'summon:p1-orb', castingRoll: 6 });
    // The declare step did not put it on the battlefield yet.
    expect(r.s.units['p1-orb'].status).toBe('unsummoned');
    r = run(r.s, [{ type: 'pass', player: 'p2' }]);
    s = r.s;
    expect(r.events.find((e) => e.type === 'manifestationSummoned')).toMatchObject({ unitId: 'p1-orb', summoner: 'p1-wizard' });
    expect(s.units['p1-orb'].status).toBeUndefined();
    expect(s.positions['p1-orb-m1']).toEqual([5, 5]);
    // A manifestation never contests objectives (not a unit, Magic 7.0): o1 goes to p2's warriors at the end of the turn.
    s = run(s, Array.from({ length: 6 }, () => ({ type: 'endPhase', player: 'p1' }) as Action)).s;
    expect(s.objectives.o1).toBe('p2');
    // p2's hero phase: Banish (2D6 = 7 ≥ 7).
    s = run({ ...s, diceScript: [4, 3] }, [{ type: 'endPhase', player: 'p2' }]).s;
    expect(rej(s, { type: 'banish', player: 'p2', unitId: 'p2-hero', target: 'p1-orb' })).toMatchObject({ ok: false, rule: 'Magic 7.2' });
    const farB = tables();
    farB.distances!['p2-priest|p1-orb'] = 30.5;
    expect(rej(s, { type: 'banish', player: 'p2', unitId: 'p2-priest', target: 'p1-orb' }, farB)).toMatchObject({ ok: false, rule: 'Magic 7.2' });
    expect(rej(s, { type: 'banish', player: 'p2', unitId: 'p2-priest', target: 'p1-warriors' })).toMatchObject({ ok: false, rule: 'Magic 7.2' });
    r = run(s, [{ type: 'banish', player: 'p2', unitId: 'p2-priest', target: 'p1-orb' }]);
    expect(r.events.find((e) => e.type === 'banishmentRoll')).toMatchObject({ roll: 7, bonus: 0, banishment: 7, banished: true });
    expect(r.s.units['p1-orb'].status).toBe('unsummoned');
    expect(r.s.positions['p1-orb-m1']).toBeUndefined();
    // Each manifestation once per turn as a Banish target; p2's wizard can't try again.
    expect(rej(r.s, { type: 'banish', player: 'p2', unitId: 'p2-wizard', target: 'p1-orb' })).toMatchObject({ ok: false, rule: 'Magic 7.2' });
  });

  it('severed connection: the summoner slain removes it (Magic 7.1); no re-summoning that turn', () => {
    let s = run(game([3, 3]), [summonOrb, { type: 'pass', player: 'p2' }]).s;
    const r = run(s, [{ type: 'allocateDamage', player: 'p1', unitId: 'p1-wizard', points: 5 }]);
    expect(r.events.find((e) => e.type === 'manifestationRemoved')).toMatchObject({ unitId: 'p1-orb', why: 'severedConnection' });
    s = r.s;
    expect(s.units['p1-orb'].status).toBe('unsummoned');
    expect(s.magic.removed).toContain('p1-orb');
  });
});

/** End phases until p1's next hero phase (p1 takes the first turn of the next round). */
function nextOwnHeroPhase(s: GameState): GameState {
  const t = tables();
  let guard = 0;
  while (!(s.active === 'p1' && s.phase === 'hero' && s.log.length > 0 && guard > 0) && guard++ < 40) {
    let a: Action;
    if (s.stage === 'firstTurn') a = { type: 'chooseFirstTurn', player: s.decider, first: 'p1' };
    else a = { type: 'endPhase', player: s.active! };
    s = run(s, [a], t).s;
  }
  return s;
}

describe('Activate Place of Power for priests of any level (Terrain 1.2, Magic 1.1)', () => {
  // Terrain 1.2: "On a 2+: • If that HERO is a WIZARD or PRIEST, add 1 to casting rolls or chanting
  // rolls for that HERO this turn. • If that HERO is not a WIZARD or PRIEST, they can use the
  // 'Unbind' or 'Banish Manifestation' ability this turn as if they had WIZARD (1)."
  // A `PRIEST (1)` or `PRIEST (2)` hero is a PRIEST (Magic 1.1: "PRIEST (X)"), as a bare `PRIEST` is.
  for (const keyword of ['PRIEST', 'PRIEST (1)', 'PRIEST (2)']) {
    it(`a ${keyword} hero gets +1 to its chanting roll (chanting 4 + 1 = 5), not Unbind as WIZARD (1)`, () => {
      const r1 = roster('p1') as RosterInput & { units: { id: string; warscroll: { keywords: string[] } }[] };
      r1.units.find((u) => u.id === 'p1-priest')!.warscroll.keywords = ['HERO', 'INFANTRY', keyword];
      const t = { ...tables(), nearPlaceOfPower: new Set(['p1-priest']) };
      // Dice: the Place of Power roll 4, then the chanting roll 4.
      const g = createGame({ seed: 8, rosters: { p1: r1, p2: roster('p2') }, finishedDeployingFirst: 'p1', battleplan: { objectives: ['o1'] }, diceScript: [4, 4] });
      if (!g.ok) throw new Error(JSON.stringify(g.issues));
      const r = run(g.state, [
        { type: 'chooseFirstTurn', player: 'p1', first: 'p1' },
        { type: 'activatePlaceOfPower', player: 'p1', unitId: 'p1-priest' },
        { type: 'endPhase', player: 'p1' },
        chant('p1', 'summon:p1-icon'),
      ], t);
      expect(r.events.find((e) => e.type === 'placeOfPower')).toMatchObject({ roll: 4, effect: 'castingBonus' });
      expect(r.s.effects.some((e) => e.kind === 'unbindAsWizard')).toBe(false);
      expect(r.s.pendingPrayer).toMatchObject({ priestId: 'p1-priest', unmodified: 4, roll: 5 });
    });
  }
});
