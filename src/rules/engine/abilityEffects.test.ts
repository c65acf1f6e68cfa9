import { describe, expect, it } from 'vitest';
import { KB, ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { abilityStrike, hasKeywordNow, modified } from '../abilities/passives';
import { wardOf } from './core';
import type { Ability, AbilityEffect } from '../abilities/schema';
import type { GameState } from './state';

/** An ability of the hero's, in `when` of p1's turn, with the given effects and picks. */
const mk = (name: string, when: Ability['timing']['when'], resolves: AbilityEffect[] | null, picks?: Ability['picks']): Ability =>
  ability({ name, timing: timing(`Your ${when} phase`, when, 'your'), effect: name, resolves, ...(picks ? { picks } : {}) });

describe('each kind of effect, used through useAbility', () => {
  const port = tablePortAt({ 'p1-boyz': [30, 15], 'p2-boyz': [31.5, 15] });

  it('modify charge / run / move / control, measured when they matter', () => {
    // Thunderous Pounce's shape: "Add 2 to charge rolls for this unit" this phase; +1 run, +2 move this turn.
    const abs = [mk('Pounce', 'charge', [{ modify: 'charge', by: 2 }]), mk('Quick', 'movement', [{ modify: 'run', by: 1, duration: 'turn' }, { modify: 'move', by: 2, duration: 'turn' }]), mk('Hold', 'hero', [{ modify: 'control', by: 3, duration: 'turn' }])];
    const s0 = gameAtHero(roster('p1', abs), roster('p2'), port, [3, 4, 2]);
    const h = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Hold' }]).s;
    expect(modified(h, port, 'p1-hero', 'control').add).toBe(3);
    const m = play(toPhase(h, port, 'movement'), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Quick' }, { type: 'run', player: 'p1', unitId: 'p1-hero' }]);
    // Run: Move 5 + 2 (Quick) + the roll 3 + 1 = 11".
    expect(m.events.find((e) => e.type === 'run')).toMatchObject({ roll: 3, maxInches: 11, modifiedRoll: 4, abilities: ['Quick'] });
    const c = toPhase(play(toPhase(gameAtHero(roster('p1', abs), roster('p2'), port, [3, 4]), port, 'charge'), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Pounce' }]).s, port, 'charge');
    const ch = play(c, port, [{ type: 'charge', player: 'p1', unitId: 'p1-hero' }]);
    expect(ch.events.find((e) => e.type === 'chargeRoll')).toMatchObject({ dice: [3, 4], roll: 9, abilities: ['Pounce'] });
  });

  it('ward, re-roll, strike-first, keyword added, each for its duration', () => {
    const abs = [
      mk('Shield', 'hero', [{ ward: 5 }]),
      mk('Sure', 'hero', [{ reroll: 'hit', which: 'ones', duration: 'turn' }]),
      mk('Quick strikes', 'hero', [{ strike: 'first', duration: 'turn' }]),
      KB.sludgeraker,
    ];
    const s = play(gameAtHero(roster('p1', abs), roster('p2'), port), port, [
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Shield' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Sure' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Quick strikes' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Sludgeraker Venom', targets: ['p1-hero'] },
    ]).s;
    expect(wardOf(s, 'p1-hero', port)).toBe(5);
    expect(abilityStrike(s, port, 'p1-hero')).toEqual({ first: true, last: false });
    expect(hasKeywordNow(s, port, 'p1-hero', 'SLUDGERAKER VENOM')).toBe(true);
    expect(hasKeywordNow(s, port, 'p1-boyz', 'SLUDGERAKER VENOM')).toBe(false);
    const mv = toPhase(s, port, 'movement');
    expect(wardOf(mv, 'p1-hero', port)).toBe(null); // "this phase" by default (docs/interpretations.md)
    expect(hasKeywordNow(mv, port, 'p1-hero', 'SLUDGERAKER VENOM')).toBe(true); // "for the rest of the turn"
  });

  it('re-roll of hit rolls of 1 in an attack: the 1s are rolled again and logged', () => {
    const sure = ability({ name: 'Sure', timing: timing('Passive', 'passive', 'any'), effect: 'You can re-roll hit rolls of 1 for this unit.', resolves: [{ reroll: 'hit', which: 'ones' }] });
    // Gutrippaz: 5 models x 2 attacks; scripted hits 1,1,4,4,4,4,4,4,4,4 then re-rolls 5,5.
    const s0 = toPhase(gameAtHero(roster('p1', [], [sure]), roster('p2'), port), port, 'combat');
    const f = play({ ...s0, diceScript: [1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5] } as GameState, port, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    const rolls = f.s.log.filter((e) => e.kind === 'roll' && e.purpose.startsWith('hit:p1-boyz')).map((e) => (e.kind === 'roll' ? [e.purpose, e.dice] : []));
    expect(rolls.find((r) => String(r[0]).endsWith(':reroll'))?.[1]).toEqual([5, 5]);
    expect(f.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ hits: [5, 5, 4, 4, 4, 4, 4, 4, 4, 4] });
  });

  it('permissions the core refuses otherwise: charge after a Run, shoot in combat (named in the log)', () => {
    const abs = [mk('Keep going', 'movement', [{ mayChargeAfter: 'run', duration: 'turn' }])];
    const boyz = [mk('Point blank', 'shooting', [{ mayShootInCombat: true }])];
    const s0 = gameAtHero(roster('p1', abs, boyz), roster('p2'), port);
    const mv = play(toPhase(s0, port, 'movement'), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Keep going' }, { type: 'run', player: 'p1', unitId: 'p1-hero' }]).s;
    const sh = toPhase(mv, port, 'shooting');
    // Without the ability: "is in combat: ... cannot shoot (no Shoot in Combat)".
    expect(refused(sh, port, { type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }).rule).toBe('Core 16.0');
    play(sh, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Point blank' }, { type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }]);
    const ch = play(toPhase(sh, port, 'charge'), port, [{ type: 'charge', player: 'p1', unitId: 'p1-hero' }]);
    expect(ch.events.find((e) => e.type === 'chargeRoll')?.abilities).toEqual(['Keep going']);
    // Without it, Core 14.3.
    const plain = play(toPhase(gameAtHero(roster('p1'), roster('p2'), port), port, 'movement'), port, [{ type: 'run', player: 'p1', unitId: 'p1-hero' }]).s;
    expect(refused(toPhase(plain, port, 'charge'), port, { type: 'charge', player: 'p1', unitId: 'p1-hero' }).rule).toBe('Core 14.3');
  });

  it('mortal damage, heal, returned models, command and victory points, a note', () => {
    const abs = [
      mk('Spit', 'hero', [{ mortal: 2, targets: 'targets' }], [{ kind: 'enemyUnit', within: 48, visible: true }]),
      mk('Patch up', 'hero', [{ heal: 2 }]),
      mk('Back up', 'hero', [{ returnModels: 2, targets: 'targets' }], [{ kind: 'friendlyUnit' }]),
      mk('Loot', 'hero', [{ cp: 1 }, { vp: 2 }, { note: 'the player takes a trophy' }]),
    ];
    let s = gameAtHero(roster('p1', abs), roster('p2'), port);
    s = { ...s, units: { ...s.units, 'p1-hero': { ...s.units['p1-hero'], damage: 3 }, 'p1-gits': { ...s.units['p1-gits'], slain: ['p1-gits-m3', 'p1-gits-m2'] } } };
    const r = play(s, port, [
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Spit', targets: ['p2-gits'] },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Patch up' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Back up', targets: ['p1-gits'], positions: { 'p1-gits-m2': [11.3, 35], 'p1-gits-m3': [8.7, 35] } },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Loot' },
    ]);
    expect(r.s.units['p2-gits'].slain).toHaveLength(2); // health 1, 2 mortal damage
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ unitId: 'p2-gits', source: 'ability:p1-hero', by: 'p1-hero' });
    expect(r.s.units['p1-hero'].damage).toBe(1);
    expect(r.s.units['p1-gits'].slain).toEqual([]);
    expect(r.s.players.p1.cp).toBe(s.players.p1.cp + 1);
    expect(r.s.players.p1.vp).toBe(s.players.p1.vp + 2);
    expect(r.events.filter((e) => e.type === 'abilityEffect').map((e) => e.effect)).toContainEqual({ note: 'the player takes a trophy' });
  });

  it('an extra move, measured like every move; a set-up more than 9" from every enemy unit', () => {
    const abs = [mk('Scurry', 'hero', [{ move: 'normal', inches: 3 }]), mk('Hide', 'hero', [{ setUp: 'reserve' }]), mk('Ambush', 'movement', [{ setUp: 'battlefield', farther: 9 }])];
    const s0 = gameAtHero(roster('p1', abs), roster('p2'), port);
    const s1 = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Scurry' }]).s;
    expect(s1.units['p1-hero'].turn.pendingMove).toMatchObject({ kind: 'ability', maxInches: 3, as: 'normal' });
    expect(refused(s1, port, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: { 'p1-hero-m1': [[10, 24]] } }).reason).toMatch(/3/);
    const moved = play(s1, port, [{ type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: { 'p1-hero-m1': [[10, 22.5]] } }]).s;
    expect(moved.positions['p1-hero-m1']).toEqual([10, 22.5]);
    const hidden = play(moved, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Hide', targets: [] }]).s;
    expect(hidden.units['p1-hero'].status).toBe('reserve');
    // Ambush is used by the hero, now off the battlefield (Core 28.0).
    expect(refused(toPhase(hidden, port, 'movement'), port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Ambush' }).rule).toBe('Core 28.0');
  });
});

describe('by hand (ABILITIES.md resolveByHand)', () => {
  const port = tablePortAt();
  const s0 = gameAtHero(roster('p1', [KB.foulElixirs]), roster('p2'), port);
  const declared = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-boyz'] }]);

  it('Foul Elixirs (a die shared by two outcomes) waits for the player; the log quotes it and says "by hand"', () => {
    expect(declared.events.map((e) => e.type)).toEqual(['abilityUsed', 'abilityAwaitsByHand']);
    expect(declared.events[0]).toMatchObject({ declare: KB.foulElixirs.declare, effect: KB.foulElixirs.effect, limit: 'Once Per Turn (Army)', targets: ['p1-boyz'] });
    const r = play(declared.s, port, [{ type: 'resolveByHand', player: 'p1', ability: 'Foul Elixirs', effects: [{ modify: 'save', by: 1, targets: 'targets', duration: 'turn' }] }]);
    expect(r.events[0]).toMatchObject({ type: 'abilityResolvedByHand', byHand: true, effect: KB.foulElixirs.effect });
    expect(r.events[1]).toMatchObject({ type: 'abilityEffect', byHand: true, units: ['p1-boyz'] });
    expect(modified(r.s, port, 'p1-boyz', 'save').add).toBe(1);
    // Resolved once.
    expect(refused(r.s, port, { type: 'resolveByHand', player: 'p1', ability: 'Foul Elixirs', effects: [{ cp: 1 }] }).rule).toBe('Core 5.2');
  });

  it('refused outside the declared targets, by the other player, and after the window closed', () => {
    expect(refused(declared.s, port, { type: 'resolveByHand', player: 'p1', ability: 'Foul Elixirs', effects: [{ mortal: 'D3', targets: ['p2-boyz'] }] }).reason).toContain('outside the declared targets');
    expect(refused(declared.s, port, { type: 'resolveByHand', player: 'p1', ability: 'Foul Elixirs', effects: [{ ward: 6, targets: 'friendly' }] }).rule).toBe('Core 5.2');
    expect(refused(declared.s, port, { type: 'resolveByHand', player: 'p2', ability: 'Foul Elixirs', effects: [{ cp: 1 }] }).rule).toBe('Core 5.2');
    const later = play(declared.s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(refused(later, port, { type: 'resolveByHand', player: 'p1', ability: 'Foul Elixirs', effects: [{ modify: 'save', by: 1, targets: 'targets' }] }).reason).toContain('window closes at the end of its phase');
  });
});

describe('a lore spell cast with the core rules (Magic 2.0, 4.0) and resolved like any ability', () => {
  // The Swampcalla Shaman knows the army's Lore of the Swamp; p2's WIZARD stands within 30".
  const port = tablePortAt({ 'p2-hero': [30, 20], 'p2-boyz': [20, 15] });
  const army = [KB.chokingMist, KB.daBlackPit];

  it('Choking Mist unbound (2D6 greater than the casting roll), Da Black Pit resolved after a pass', () => {
    // Casting roll 4+4 = 8 (CV 7); unbind 6+6 = 12 > 8. Then Da Black Pit 3+3 = 6 (CV 5), pass, 5 dice.
    const s0 = gameAtHero(roster('p1', [], [], army), roster('p2'), port, [4, 4, 6, 6, 3, 3, 6, 6, 2, 2, 2]);
    expect(refused(s0, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-gits' }).reason).toContain('not within 12"');
    const c = play(s0, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-boyz' }]);
    expect(c.events.map((e) => e.type)).toEqual(['abilityUsed', 'spellCastRoll']);
    expect(c.s.pendingSpell).toMatchObject({ ability: 'choking-mist', targets: ['p2-boyz'], castingRoll: 8 });
    const u = play(c.s, port, [{ type: 'unbind', player: 'p2', unitId: 'p2-hero' }]);
    expect(u.events.find((e) => e.type === 'unbindRoll')).toMatchObject({ roll: 12, unbound: true });
    expect(modified(u.s, port, 'p2-boyz', 'attacks').add).toBe(0);
    const b = play(u.s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'da-black-pit', target: 'p2-boyz' }, { type: 'pass', player: 'p2' }]);
    expect(b.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-boyz', dice: [6, 6, 2, 2, 2], amount: 2 });
    expect(b.s.units['p2-boyz'].slain).toHaveLength(2);
  });

  it('Choking Mist resolved: -1 Attacks until the start of p1\'s next turn', () => {
    const s0 = gameAtHero(roster('p1', [], [], army), roster('p2'), port, [4, 4]);
    const r = play(s0, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-boyz' }, { type: 'pass', player: 'p2' }]).s;
    expect(modified(r, port, 'p2-boyz', 'attacks').add).toBe(-1);
    // The Rules of One: the same spell by the same WIZARD once per phase.
    expect(refused(r, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-boyz' }).rule).toBe('Core 5.3');
  });
});
