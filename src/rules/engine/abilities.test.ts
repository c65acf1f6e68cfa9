import { describe, expect, it } from 'vitest';
import { KB, ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { windowProblem } from '../abilities/timing';
import { modified } from '../abilities/passives';
import { wardOf } from './core';
import { stateHash } from './hash';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';

const note = (name: string, t: Ability['timing']): Ability => ability({ name, timing: t, effect: 'Gain 1 command point.', resolves: [{ cp: 1 }] });

describe('timing windows (Core 5.1, 5.2, 10.0, 13.0)', () => {
  const port = tablePortAt();
  const base = gameAtHero(roster('p1'), roster('p2'), port);
  const at = (phase: GameState['phase'], active: 'p1' | 'p2', turnInRound: 0 | 1 = 0): GameState => ({ ...base, phase, active, turnInRound });
  const open = (s: GameState, t: Ability['timing'], p: 'p1' | 'p2' = 'p1') => windowProblem(s, note('X', t), p, 'p1-hero') === null;

  it('phases and whose: "Your Hero Phase", "Enemy Movement Phase", "Any Combat Phase"', () => {
    expect(open(at('hero', 'p1'), timing('Your Hero Phase', 'hero', 'your'))).toBe(true);
    expect(open(at('hero', 'p2'), timing('Your Hero Phase', 'hero', 'your'))).toBe(false);
    expect(open(at('movement', 'p2'), timing('Enemy Movement Phase', 'movement', 'enemy'))).toBe(true);
    expect(open(at('movement', 'p1'), timing('Enemy Movement Phase', 'movement', 'enemy'))).toBe(false);
    expect(open(at('combat', 'p1'), timing('Any Combat Phase', 'combat', 'any'))).toBe(true);
    expect(open(at('combat', 'p2'), timing('Any Combat Phase', 'combat', 'any'))).toBe(true);
    expect(open(at('shooting', 'p1'), timing('Any Combat Phase', 'combat', 'any'))).toBe(false);
    expect(windowProblem(at('shooting', 'p1'), note('X', timing('Any Combat Phase', 'combat', 'any')), 'p1', 'p1-hero')?.rule).toBe('Core 5.2');
  });

  it('start / end of turn and of the battle round; deployment; passive; an unparsed timing', () => {
    expect(open(at('startOfTurn', 'p2'), timing('Start of Any Turn', 'startOfTurn', 'any'))).toBe(true);
    expect(open(at('endOfTurn', 'p1'), timing('End of Your Turn', 'endOfTurn', 'your'))).toBe(true);
    expect(open(at('endOfTurn', 'p2'), timing('End of Your Turn', 'endOfTurn', 'your'))).toBe(false);
    expect(open(at('startOfTurn', 'p1', 0), timing('Start of Battle Round', 'startOfRound', 'any'))).toBe(true);
    expect(open(at('startOfTurn', 'p2', 1), timing('Start of Battle Round', 'startOfRound', 'any'))).toBe(false);
    expect(open(at('endOfTurn', 'p2', 1), timing('End of Battle Round', 'endOfRound', 'any'))).toBe(true);
    expect(open(at('endOfTurn', 'p1', 0), timing('End of Battle Round', 'endOfRound', 'any'))).toBe(false);
    expect(open({ ...base, stage: 'firstTurn', round: 1, phase: null, active: null }, timing('Deployment Phase', 'deployment', 'any'))).toBe(true);
    expect(open(at('hero', 'p1'), timing('Deployment Phase', 'deployment', 'any'))).toBe(false);
    // Core 5.4: "Passive abilities are not declared".
    expect(windowProblem(at('hero', 'p1'), note('X', timing('Passive', 'passive', 'any')), 'p1', 'p1-hero')?.rule).toBe('Core 5.4');
    expect(open(at('charge', 'p2'), { text: '???', when: 'any', whose: 'any', parsed: false })).toBe(true);
  });
});

describe('once-per limits (Core 28.2) and the Rules of One (Core 5.3)', () => {
  const port = tablePortAt({ 'p1-boyz': [14, 15], 'p1-gits': [12, 25] });
  // Foul Elixirs: "Once Per Turn (Army), Your Hero Phase" on both the hero and the Gutrippaz.
  const fe = { ...KB.foulElixirs, resolves: [{ modify: 'save' as const, by: 1, targets: 'targets' as const, duration: 'turn' as const }] };
  const s0 = gameAtHero(roster('p1', [fe], [fe]), roster('p2'), port);

  it('(Army): "a maximum of one time in that phase, turn or battle regardless of the number of units in the army"', () => {
    const { s } = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-boyz'] }]);
    const r = refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Foul Elixirs', targets: ['p1-boyz'] });
    expect(r.rule).toBe('Core 28.2');
    expect(r.reason).toContain('Once Per Turn (Army)');
    expect(r.reason).toContain('p1-hero');
    // The next turn (p1's next hero phase is in round 2; here: p2's turn is "another turn", but "Your Hero Phase" is closed).
    const r2 = refused(toPhase(play(s, port, [{ type: 'endPhase', player: 'p1' }]).s, port, 'hero'), port, { type: 'useAbility', player: 'p2', unitId: 'p2-hero', ability: 'Foul Elixirs', targets: ['p2-boyz'] });
    expect(r2.reason).toContain('has no ability');
  });

  it('unit form: once per phase by each unit that can use it; Once Per Battle', () => {
    const perPhase = note('Bellow', timing('Once Per Phase, Your Hero Phase', 'hero', 'your', { per: 'phase' }));
    const perBattle = note('Big Waaagh', timing('Once Per Battle, Your Hero Phase', 'hero', 'your', { per: 'battle' }));
    const s1 = gameAtHero(roster('p1', [perPhase, perBattle], [perPhase]), roster('p2'), port);
    const { s } = play(s1, port, [
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Bellow' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Bellow' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Big Waaagh' },
    ]);
    expect(s.players.p1.cp).toBe(s1.players.p1.cp + 3);
    const again = refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Bellow' });
    expect(again).toEqual({ reason: expect.stringContaining('Once Per Phase'), rule: 'Core 28.2' });
    // Next battle round: Big Waaagh is still used up.
    let t = toPhase(s, port, 'endOfTurn');
    t = play(t, port, [{ type: 'endPhase', player: 'p1' }]).s; // p2's turn
    t = toPhase(t, port, 'endOfTurn');
    t = play(t, port, [{ type: 'endPhase', player: 'p2' }]).s;
    t = play(t, port, [{ type: 'chooseFirstTurn', player: t.decider, first: 'p1' }, { type: 'endPhase', player: 'p1' }]).s;
    expect(t.round).toBe(2);
    play(t, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Bellow' }]);
    expect(refused(t, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Big Waaagh' })).toEqual({ reason: expect.stringContaining('Once Per Battle'), rule: 'Core 28.2' });
  });

  it('Rules of One: "A unit cannot use the same ability more than once per phase" and "more than 1 CORE ability per phase"', () => {
    const plain = note('Shout', timing('Your Hero Phase', 'hero', 'your'));
    const core = { ...note('Core thing', timing('Your Movement Phase', 'movement', 'your')), keywords: ['CORE'] };
    const s1 = gameAtHero(roster('p1', [plain, core]), roster('p2'), port);
    const { s } = play(s1, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Shout' }]);
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Shout' })).toEqual({ reason: expect.stringContaining('already used Shout this phase'), rule: 'Core 5.3' });
    // A Run (CORE) then a CORE ability in the same movement phase.
    const m = play(toPhase(s, port, 'movement'), port, [{ type: 'run', player: 'p1', unitId: 'p1-hero' }]).s;
    expect(refused(m, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Core thing' })).toEqual({ reason: expect.stringContaining('CORE ability'), rule: 'Core 5.3' });
  });

  it('wrong phase, wrong player, not on the battlefield (Core 28.0), a pick out of range or of the wrong keyword', () => {
    expect(refused(toPhase(s0, port, 'movement'), port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-boyz'] }).rule).toBe('Core 5.2');
    expect(refused(s0, port, { type: 'useAbility', player: 'p2', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-boyz'] }).rule).toBe('Core 28.2');
    // Hobgrot Slittaz are INFANTRY but not KRULEBOYZ: "Pick a friendly KRULEBOYZ INFANTRY unit".
    expect(refused(s0, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-gits'] }).reason).toContain('is not KRULEBOYZ INFANTRY');
    // p1-gits moved 20" away: not wholly within 12".
    const far = tablePortAt({ 'p1-gits': [40, 40] });
    const s2 = gameAtHero(roster('p1', [{ ...fe, picks: [{ kind: 'friendlyUnit', within: 12, wholly: true }] }]), roster('p2'), far);
    expect(refused(s2, far, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-gits'] }).reason).toContain('not wholly within 12"');
    // A unit not on the battlefield (destroyed) cannot use an ability.
    const dead: GameState = { ...s0, units: { ...s0.units, 'p1-hero': { ...s0.units['p1-hero'], slain: ['p1-hero-m1'] } } };
    expect(refused(dead, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-boyz'] }).rule).toBe('Core 28.0');
  });
});

describe('passives (Core 5.4): an aura measured on the table', () => {
  // Power of Kragnos at 6" (the same shape as the roster's 12" text): "Friendly KRULEBOYZ units have
  // WARD (6+) while they are wholly within 6" of this unit". Both models on 32 mm bases, so a base
  // whose centre is d" from the hero's centre has its farthest point d" from the hero's base edge:
  // wholly within 6" up to d = 6 (the whole base counts), while "within" holds up to d = 6 + 2 × 0.63.
  const aura = { ...KB.powerOfKragnos, resolves: [{ ward: 6, targets: 'friendly' as const, while: { within: 6, of: 'self', wholly: true, keyword: 'KRULEBOYZ' } }] };
  const near = (dx: number) => tablePortAt({ 'p1-hero': [10, 10], 'p1-boyz': [10 + dx, 30], 'p1-gits': [10 + dx, 10] });

  it('5.9" centre to centre: wholly within, WARD (6+); 6.1": not wholly within (though within), no ward', () => {
    const p59 = near(5.9);
    const s = gameAtHero(roster('p1', [aura]), roster('p2'), p59);
    expect(wardOf(s, 'p1-hero', p59)).toBe(6); // the hero itself: "friendly units" includes it
    expect(wardOf(s, 'p1-gits', p59)).toBe(null); // not KRULEBOYZ
    const kb = gameAtHero(roster('p1', [aura]), roster('p2'), p59);
    // The Gutrippaz's first model at 5.9" but the others farther down the line: not wholly within.
    expect(wardOf(kb, 'p1-boyz', p59)).toBe(null);
    const solo = { ...aura, resolves: [{ ward: 6, targets: ['p1-gits'], while: { within: 6, of: 'self', wholly: true } }] };
    const s2 = gameAtHero(roster('p1', [solo]), roster('p2'), p59);
    expect(wardOf(s2, 'p1-gits', p59)).toBe(null); // 3 models in a line along y: the last is 2.6" farther
  });

  it('a single-model unit at 5.9" and 6.1"', () => {
    const solo = { ...KB.powerOfKragnos, resolves: [{ ward: 6, targets: ['p2-hero'], while: { within: 6, of: 'self', wholly: true } }] };
    for (const [dx, want] of [[5.9, 6], [6.1, null]] as const) {
      const port = tablePortAt({ 'p1-hero': [10, 10], 'p2-hero': [10 + dx, 10] });
      const s = gameAtHero(roster('p1', [solo]), roster('p2'), port);
      expect(wardOf(s, 'p2-hero', port)).toBe(want);
      // "within" (not wholly): 6.1 - 2 × 16/25.4 = 4.84" between the bases.
      const within = { ...solo, resolves: [{ ward: 6, targets: ['p2-hero'], while: { within: 6, of: 'self' } }] };
      expect(wardOf(gameAtHero(roster('p1', [within]), roster('p2'), port), 'p2-hero', port)).toBe(6);
    }
  });
});

describe('persisting effects (Core 28.1), contradictory rules (Core 29.0), order of effects (Core 30.0)', () => {
  const port = tablePortAt();

  it('"for the rest of the turn" ends with the turn; "until the start of your next turn" with it', () => {
    const sv = { ...KB.foulElixirs, resolves: [{ modify: 'save' as const, by: 1, targets: 'targets' as const, duration: 'turn' as const }] };
    const s0 = gameAtHero(roster('p1', [sv]), roster('p2'), port);
    let s = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-boyz'] }]).s;
    expect(modified(s, port, 'p1-boyz', 'save').add).toBe(1);
    s = toPhase(s, port, 'combat');
    expect(modified(s, port, 'p1-boyz', 'save').add).toBe(1);
    s = toPhase(s, port, 'endOfTurn');
    s = play(s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(s.active).toBe('p2');
    expect(modified(s, port, 'p1-boyz', 'save').add).toBe(0);
  });

  it('"until the start of your next turn" lasts through the opponent\'s turn', () => {
    const ward = ability({ name: 'Ward', timing: timing('Your Hero Phase', 'hero', 'your'), effect: 'This unit has WARD (5+) until the start of your next turn.', resolves: [{ ward: 5, duration: 'nextTurnStart' }] });
    let s = play(gameAtHero(roster('p1', [ward]), roster('p2'), port), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Ward' }]).s;
    s = toPhase(s, port, 'endOfTurn');
    s = play(s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(wardOf(s, 'p1-hero', port)).toBe(5); // p2's turn
    s = toPhase(s, port, 'endOfTurn');
    s = play(s, port, [{ type: 'endPhase', player: 'p2' }]).s;
    s = play(s, port, [{ type: 'chooseFirstTurn', player: s.decider, first: 'p1' }]).s;
    expect(wardOf(s, 'p1-hero', port)).toBe(null);
  });

  it('two effects that set the Damage characteristic: the most recently used takes precedence; a passive is more recent', () => {
    const set2 = ability({ name: 'Set 2', timing: timing('Your Hero Phase', 'hero', 'your'), effect: 'Damage is 2 this turn.', resolves: [{ set: 'damage', to: 2, duration: 'turn' }] });
    const set3 = ability({ name: 'Set 3', timing: timing('Your Hero Phase', 'hero', 'your'), effect: 'Damage is 3 this turn.', resolves: [{ set: 'damage', to: 3, duration: 'turn' }] });
    const s0 = gameAtHero(roster('p1', [set2, set3]), roster('p2'), port);
    const a = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Set 3' }, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Set 2' }]).s;
    expect(modified(a, port, 'p1-hero', 'damage').set).toBe(2);
    const b = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Set 2' }, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Set 3' }]).s;
    expect(modified(b, port, 'p1-hero', 'damage').set).toBe(3);
    // Core 30.0: "The effects of passive abilities are considered to be applied more recently than the effects of other abilities".
    const passive1 = ability({ name: 'Heavy', timing: timing('Passive', 'passive', 'any'), effect: 'Damage is 1.', resolves: [{ set: 'damage', to: 1 }] });
    const c = play(gameAtHero(roster('p1', [set3, passive1]), roster('p2'), port), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Set 3' }]).s;
    expect(modified(c, port, 'p1-hero', 'damage').set).toBe(1);
  });
});

describe('reactions (Core 5.2 step 2)', () => {
  // Engaged: p1-boyz's first model touches p2-boyz's.
  const port = tablePortAt({ 'p1-boyz': [30, 15], 'p2-boyz': [31.5, 15] });
  const frenzy = ability({ name: 'Hacka Frenzy', timing: timing('Reaction: You declared a FIGHT ability for this unit', 'reaction', 'your', undefined, 'You declared a **^^Fight^^** ability for this unit'), effect: 'Add 1 to hit rolls for this unit\'s attacks for the rest of the phase.', resolves: [{ modify: 'hit', by: 1, duration: 'phase' }] });
  const brace = ability({ name: 'Brace', timing: timing('Reaction: Opponent declared an Attack ability that targeted this unit', 'reaction', 'enemy', undefined, 'Opponent declared an Attack ability that targeted this unit'), effect: 'Add 1 to save rolls for this unit this phase.', resolves: [{ modify: 'save', by: 1, duration: 'phase' }] });

  it('offered when the trigger is declared, alternating from the active player', () => {
    const s0 = toPhase(gameAtHero(roster('p1', [], [frenzy]), roster('p2', [], [brace]), port), port, 'combat');
    // No trigger yet.
    expect(refused(s0, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Hacka Frenzy' }).rule).toBe('Core 5.2');
    const f = play(s0, port, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }]).s;
    expect(f.pendingAttack?.toReact).toBe('p1');
    // p2 must wait for the active player.
    expect(refused(f, port, { type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'Brace' })).toEqual({ reason: 'p1 reacts or passes first', rule: 'Core 5.2' });
    const r1 = play(f, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Hacka Frenzy' }]);
    expect(r1.events.find((e) => e.type === 'abilityUsed')).toMatchObject({ reactsTo: 'Fight', name: 'Hacka Frenzy' });
    expect(r1.s.pendingAttack?.toReact).toBe('p2');
    const r2 = play(r1.s, port, [{ type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'Brace' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    const att = r2.events.filter((e) => e.type === 'attacksResolved');
    expect(att[0]).toMatchObject({ hitModifier: 1, saveModifier: 1 });
    expect(att[0].abilities).toEqual(expect.arrayContaining(['Hacka Frenzy', 'Brace']));
  });
});

describe('determinism', () => {
  it('the same seed and actions give the same state hash', () => {
    const port = tablePortAt();
    const run = () =>
      play(gameAtHero(roster('p1', [KB.sludgeraker, KB.foulElixirs]), roster('p2'), port), port, [
        { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Sludgeraker Venom', targets: ['p1-boyz'] },
        { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-boyz'] },
        { type: 'resolveByHand', player: 'p1', ability: 'Foul Elixirs', effects: [{ mortal: 'D3', targets: 'targets' }] },
      ]).s;
    expect(stateHash(run())).toBe(stateHash(run()));
  });
});
