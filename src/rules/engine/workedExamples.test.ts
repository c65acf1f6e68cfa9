import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState, type PlayerId } from './state';
import { reduce } from './reduce';
import { wardOf } from './core';
import { runActions, sampleRoster, tablePort, type PortTables } from './testkit';
import { buildWorld, worldPort } from './worldPort';
import { commandModelCount, parseRoster, type Roster, type RosterInput } from './roster';
import { fitsInto, terrainFootprintPoints, terrainSizeOf, type BattlefieldInput } from './battlefield';

type Terrain = NonNullable<BattlefieldInput['terrain']>[number];

/**
 * Worked examples of INVENTORY Part 4 (T-01 … T-51) that had no test of their own. The other
 * examples carry their T-ID in the test that checks them (attacks, commands, deployment, game,
 * magic, moves, prayers, terrain tests; src/rules/damage.test.ts, src/rules/dice.test.ts;
 * src/geometry/*.test.ts). Examples the engine cannot express yet are `it.todo` with the reason.
 */
const army = (f: string) => JSON.parse(readFileSync(new URL(`../../../assets/armies/${f}`, import.meta.url), 'utf8')) as RosterInput;
const SCE = army('stormcast-liberators.json');
const SK = army('skaven-clawlord.json');
const MM = 25.4;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Mut = any;
/** A copy of a roster with `edit` applied to the unit `unitId`. */
function tweak(r: RosterInput, unitId: string, edit: (u: Mut) => void): RosterInput {
  const c = structuredClone(r) as Mut;
  edit(c.units.find((u: Mut) => u.id === unitId));
  return c as RosterInput;
}
function newGame(opts: { p1?: RosterInput; p2?: RosterInput; script?: number[]; objectives?: string[]; seed?: number } = {}): GameState {
  const g = createGame({
    seed: opts.seed ?? 7,
    rosters: { p1: opts.p1 ?? SCE, p2: opts.p2 ?? SK },
    finishedDeployingFirst: 'p1',
    battleplan: { objectives: opts.objectives ?? [] },
    diceScript: opts.script ?? [],
  });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return g.state;
}
const run = (s: GameState, actions: Action[], t: PortTables) => runActions(s, actions, tablePort(t));
const end = (n: number, player: PlayerId = 'p1'): Action[] => Array.from({ length: n }, () => ({ type: 'endPhase', player }) as Action);
const start: Action = { type: 'chooseFirstTurn', player: 'p1', first: 'p1' };
const cmd = (player: PlayerId, command: string, unitId: string, target?: string): Action =>
  ({ type: 'command', player, command, unitId, ...(target ? { target } : {}) }) as Action;
const tables = (extra: Partial<PortTables> = {}): PortTables => ({ inCombat: new Set(), contests: {}, ...extra });

describe('worked examples: rules of one, effects, wards (Core 5.3, 28.1, 18.1)', () => {
  it('T-06 Rules of One: a unit behind two Cover features gets Cover once: −1 to hit, not −2 (real worldPort; +1 All-out Attack → 0)', () => {
    // Judicators at y = 4 shoot the Clanrats at y = 30 over two 1"-thick, 0.8"-tall walls (low enough to see over) (Obstacles: Cover).
    const g = newGame({ p1: SCE, p2: SK });
    const rosters = { p1: g.players.p1.roster, p2: g.players.p2.roster };
    const placement: Record<string, [number, number]> = {};
    const row = (r: Roster, unitId: string, x: number, y: number) =>
      r.units.find((u) => u.id === unitId)!.models.forEach((m, i) => {
        const d = m.base.shape === 'round' ? m.base.diameterMm / MM : m.base.lengthMm / MM;
        placement[m.id] = [x + i * (d + 0.3), y];
      });
    row(rosters.p1, 'sce-judicators', 25, 14);
    row(rosters.p2, 'sk-clanrats', 22, 30);
    const wall = (id: string, y: number): Terrain => ({ id, type: 'obstacle', boxes: [{ center: [35, y], size: [40, 1, 0.8] }] }) as Terrain;
    const port = worldPort(buildWorld({ width: 60, depth: 44, terrain: [wall('w1', 27), wall('w2', 28.5)], placement }, rosters));
    expect(port.terrainProtection('sk-clanrats', 'sce-judicators')).toMatchObject({ cover: true });
    const s = runActions(g, [start, ...end(3)], port).s;
    expect(s.phase).toBe('shooting');
    // With All-out Attack (+1): Cover counted once gives 0; counted per feature it would give −1
    // (the ±1 cap alone cannot hide a double count here).
    const shoot: Action[] = [
      { type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-clanrats' },
      cmd('p1', 'allOutAttack', 'sce-judicators'),
      { type: 'pass', player: 'p2' },
      { type: 'pass', player: 'p1' },
    ];
    const { events } = runActions(s, shoot, port);
    expect(events.find((e) => e.type === 'attacksResolved')).toMatchObject({ hitModifier: 0 });
  });

  it('T-09/T-10 ward: WARD (5+) and Mystic Shield\'s WARD (6+) → only 5+ applies; the shield lasts for the rest of the turn and expires at its end', () => {
    const p1 = tweak(SCE, 'sce-liberators', (u) => (u.warscroll.ward = '5+'));
    const t = tables({ distances: { 'sce-incantor|sce-liberators': 11.9, 'sce-incantor|sce-vindictors': 11.9, 'sk-warlock|sce-incantor': 40 } });
    let { s } = run(newGame({ p1, script: [3, 3, 3, 3] }), [start, ...end(1)], t);
    expect(wardOf(s, 'sce-liberators')).toBe(5);
    expect(wardOf(s, 'sce-vindictors')).toBe(null);
    s = run(s, [{ type: 'cast', player: 'p1', unitId: 'sce-incantor', spell: 'mysticShield', target: 'sce-liberators' }, { type: 'pass', player: 'p2' }], t).s;
    expect(s.effects).toContainEqual({ kind: 'ward', unitId: 'sce-liberators', value: 6, until: 'endOfTurn' });
    expect(wardOf(s, 'sce-liberators')).toBe(5); // the lower ward value (Core 18.1)
    // A unit with only the shield: WARD (6+) for the rest of the turn, gone at the end of the turn (Core 28.1).
    let v = run(newGame({ script: [3, 3] }), [start, ...end(1), { type: 'cast', player: 'p1', unitId: 'sce-incantor', spell: 'mysticShield', target: 'sce-vindictors' }, { type: 'pass', player: 'p2' }], t).s;
    expect(wardOf(v, 'sce-vindictors')).toBe(6);
    v = run(v, end(5), t).s;
    expect(v.phase).toBe('endOfTurn');
    expect(wardOf(v, 'sce-vindictors')).toBe(6);
    v = run(v, end(1), t).s;
    expect(v.active).toBe('p2');
    expect(wardOf(v, 'sce-vindictors')).toBe(null);
  });

  it.todo('T-08 order of delayed effects (Core 30.0): no ability of the engine creates a delayed effect ("after that ability has been resolved, Heal (D3)"), so the active-player-first order has nothing to order yet');
});

describe('worked examples: command models, power level (CmdModels 1.0, Magic 1.1)', () => {
  it('T-13 WIZARD (2): two SPELL abilities in its hero phase, a 3rd is refused; it may Unbind up to 2 times in the enemy hero phase (WIZARD (1): once)', () => {
    const p1 = tweak(SCE, 'sce-incantor', (u) => (u.warscroll.keywords = ['HERO', 'INFANTRY', 'WIZARD (2)']));
    const p2 = (n: number) => tweak(SK, 'sk-warlock', (u) => (u.warscroll.keywords = ['HERO', 'INFANTRY', `WIZARD (${n})`]));
    const t = tables({ distances: { 'sce-incantor|sce-liberators': 11.9, 'sce-incantor|sk-clawlord': 10, 'sk-warlock|sce-incantor': 30 } });
    const shield: Action = { type: 'cast', player: 'p1', unitId: 'sce-incantor', spell: 'mysticShield', target: 'sce-liberators' };
    const bolt: Action = { type: 'cast', player: 'p1', unitId: 'sce-incantor', spell: 'arcaneBolt', target: 'sk-clawlord' };
    const unbind: Action = { type: 'unbind', player: 'p2', unitId: 'sk-warlock' };
    // Casting 3+3 = 6, Unbind 1+1 (fails); casting 4+3 = 7, Unbind 1+1 (fails); the bolt's D3 and ward dice follow.
    const script = [3, 3, 1, 1, 4, 3, 1, 1, 1, 1];
    let s = run(newGame({ p1, p2: p2(2), script }), [start, ...end(1), shield, unbind], t).s;
    expect(s.pendingSpell).toBe(null);
    s = run(s, [bolt, unbind], t).s;
    expect(s.magic.unbinds['sk-warlock']).toBe(2);
    // A 3rd SPELL/PRAYER/BANISH ability this phase: refused by the power level (checked first).
    expect(reduce(s, shield, tablePort(t))).toMatchObject({ ok: false, rule: 'Magic 1.1', reason: expect.stringContaining('power level') });
    // WIZARD (1) unbinder: the second Unbind in the phase is refused.
    const w1 = run(newGame({ p1, p2: p2(1), script }), [start, ...end(1), shield, unbind, bolt], t).s;
    expect(w1.pendingSpell).not.toBe(null);
    expect(reduce(w1, unbind, tablePort(t))).toMatchObject({ ok: false, rule: 'Magic 4.0', reason: expect.stringContaining('already unbound 1') });
  });

  it('T-12 champion proportion: CHAMPION (1/10) with 20 models → exactly 2, with 9 → 0; plain CHAMPION → exactly 1; a champion fights with Attacks + 1', () => {
    /** The Clanrats with `n` models, champions at the listed indices, and the warscroll's CHAMPION proportion. */
    const clanrats = (n: number, champions: number[], proportion: string) =>
      tweak(SK, 'sk-clanrats', (u) => {
        u.warscroll.commandModels = { champion: proportion };
        u.models = u.models.slice(0, n).map((m: Mut, i: number) => {
          const { champion: _c, ...rest } = m;
          return champions.includes(i) ? { ...rest, champion: true } : rest;
        });
      });
    const issues = (r: RosterInput) => {
      const p = parseRoster(r);
      return p.ok ? [] : p.issues.map((x) => x.message);
    };
    expect(issues(clanrats(20, [0, 10], '1/10'))).toEqual([]);
    expect(issues(clanrats(20, [0], '1/10'))).toEqual([expect.stringContaining('exactly 2 CHAMPION model(s), not 1')]);
    expect(issues(clanrats(20, [0, 1, 2], '1/10'))).toEqual([expect.stringContaining('exactly 2 CHAMPION')]);
    expect(issues(clanrats(9, [], '1/10'))).toEqual([]);
    expect(issues(clanrats(9, [0], '1/10'))).toEqual([expect.stringContaining('exactly 0 CHAMPION')]);
    expect(issues(clanrats(9, [0], '1'))).toEqual([]);
    expect(issues(clanrats(9, [], '1'))).toEqual([expect.stringContaining('exactly 1 CHAMPION')]);
    expect(commandModelCount('1/10', 20)).toBe(2);
    expect(commandModelCount('1/10', 9)).toBe(0);
    expect(commandModelCount('1', 9)).toBe(1);
    // CmdModels 1.0: the Vindictors (5 models × Attacks 2, sce-vindictors-1 is the CHAMPION) make 11 attacks.
    const t = tables({ inCombat: new Set(['sce-vindictors|sk-clanrats']) });
    const r = run(newGame({}), [start, ...end(5), { type: 'fight', player: 'p1', unitId: 'sce-vindictors', target: 'sk-clanrats' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }], t);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ weapon: 'Stormspear', models: 5, attacks: 11 });
  });
});

describe('worked examples: objective control (Core 32.1-32.2)', () => {
  it('T-18 control arithmetic: 3 + 2 vs 5 is a tie (control unchanged); a Standard Bearer makes 6 > 5; control persists after leaving', () => {
    const ids = (u: string, from: number, n: number) => Array.from({ length: n }, (_, i) => `${u}-${from + i}`);
    const t = tables({
      contests: { 'sce-liberators': ['o1'], 'sce-vindictors': ['o1'], 'sk-stormvermin': ['o1'] },
      contestingModels: {
        'sce-liberators|o1': ids('sce-liberators', 1, 3), // 3 × 1
        'sce-vindictors|o1': ids('sce-vindictors', 1, 2), // 2 × 1
        'sk-stormvermin|o1': ids('sk-stormvermin', 1, 5), // 5 × 1
        'sk-clanrats|o1': ids('sk-clanrats', 4, 5), // 5 × 1, +1 Standard Bearer (sk-clanrats-3, alive)
      },
    });
    let r = run(newGame({ objectives: ['o1'] }), [start], t);
    expect(r.events.find((e) => e.type === 'control')).toMatchObject({ objectiveId: 'o1', scores: { p1: 5, p2: 5 } });
    expect(r.s.objectives.o1).toBe(null);
    // B adds the Standard Bearer's unit instead: 6 > 5 → B gains control at the end of the turn.
    t.contests = { 'sce-liberators': ['o1'], 'sce-vindictors': ['o1'], 'sk-clanrats': ['o1'] };
    r = run(r.s, end(7), t);
    expect(r.events.find((e) => e.type === 'control')).toMatchObject({ objectiveId: 'o1', scores: { p1: 5, p2: 6 } });
    expect(r.s.objectives.o1).toBe('p2');
    // Everyone leaves: B keeps control (Core 32.2).
    t.contests = {};
    r = run(r.s, end(7, 'p2'), t);
    expect(r.s.objectives.o1).toBe('p2');
    // A unit contesting 2 objectives must pick one (Core 32.1).
    const t2 = tables({ contests: { 'sce-liberators': ['o1', 'o2'] } });
    expect(reduce(newGame({ objectives: ['o1', 'o2'] }), start, tablePort(t2))).toMatchObject({ ok: false, rule: 'Core 32.1' });
  });
});

describe('worked examples: slain models and coherency (Core 18.3)', () => {
  function chain() {
    const g = newGame({});
    const rosters = { p1: g.players.p1.roster, p2: g.players.p2.roster };
    const placement: Record<string, [number, number]> = {};
    // Liberators A–E in a chain along x, 0.5" apart edge to edge (32 mm bases).
    rosters.p1.units.find((u) => u.id === 'sce-liberators')!.models.forEach((m, i) => (placement[m.id] = [10 + i * (32 / MM + 0.5), 10]));
    rosters.p2.units.find((u) => u.id === 'sk-clawlord')!.models.forEach((m) => (placement[m.id] = [40, 40]));
    const port = worldPort(buildWorld({ width: 60, depth: 44, terrain: [], placement }, rosters));
    let s = g;
    const r = reduce(s, start, port);
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
    return { s, port };
  }
  const apply = (st: { s: GameState; port: ReturnType<typeof worldPort> }, a: Action) => {
    const r = reduce(st.s, a, st.port);
    if (!r.ok) throw new Error(`${r.reason} (${r.rule})`);
    st.s = r.state;
    return r.events;
  };

  it('T-23 the commander picks C of a chain A–E: the fewest extra removals restoring one group is 2; picking A keeps the unit coherent', () => {
    const st = chain();
    apply(st, { type: 'setSlainPriority', player: 'p1', unitId: 'sce-liberators', modelIds: ['sce-liberators-3'] });
    const ev = apply(st, { type: 'allocateDamage', player: 'p1', unitId: 'sce-liberators', points: 2 });
    const slain = st.s.units['sce-liberators'].slain;
    expect(slain).toContain('sce-liberators-3');
    expect(slain).toHaveLength(3);
    // The 2 removed for coherency are one side of the chain: {A, B} or {D, E}.
    const extra = slain.filter((m) => m !== 'sce-liberators-3').sort();
    expect([['sce-liberators-1', 'sce-liberators-2'], ['sce-liberators-4', 'sce-liberators-5']]).toContainEqual(extra);
    expect(ev.find((e) => e.type === 'removedForCoherency')).toBeTruthy();
    const st2 = chain();
    apply(st2, { type: 'setSlainPriority', player: 'p1', unitId: 'sce-liberators', modelIds: ['sce-liberators-1'] });
    const ev2 = apply(st2, { type: 'allocateDamage', player: 'p1', unitId: 'sce-liberators', points: 2 });
    expect(st2.s.units['sce-liberators'].slain).toEqual(['sce-liberators-1']);
    expect(ev2.find((e) => e.type === 'removedForCoherency')).toBeUndefined();
  });
});

describe('worked examples: terrain and targeting (Terrain 1.1-1.2, Core 25.0)', () => {
  function world(terrain: BattlefieldInput['terrain'], place: Record<string, [number, number]>) {
    const g = newGame({});
    const rosters = { p1: g.players.p1.roster, p2: g.players.p2.roster };
    return worldPort(buildWorld({ width: 60, depth: 44, terrain, placement: place }, rosters));
  }
  it('T-33 behind: an attacker within 3" with a wall between is not "behind" (no Cover); wholly on an Obstacle is Cover', () => {
    // Clawlord (32 mm? its roster base) at (20, 20); a 0.3" wall at x = 18.3; Liberator 1 at 2" gap, Judicator at 8".
    const wall = { id: 'wall', type: 'obstacle', boxes: [{ center: [18.3, 20], size: [0.3, 8, 2] }] } as Terrain;
    const g = newGame({});
    const clawR = (() => {
      const b = g.players.p2.roster.units.find((u) => u.id === 'sk-clawlord')!.models[0].base;
      return b.shape === 'round' ? b.diameterMm / MM / 2 : b.lengthMm / MM / 2;
    })();
    const libR = 32 / MM / 2;
    const near = world([wall], { 'sk-clawlord-1': [20, 20], 'sce-liberators-1': [20 - clawR - 2 - libR, 20], 'sce-judicators-1': [20 - clawR - 8 - libR, 20.5] });
    expect(near.terrainProtection('sk-clawlord', 'sce-liberators')).toMatchObject({ cover: false });
    // The same wall seen from a unit 8" away (nobody of it within 3"): behind → Cover.
    const far = world([wall], { 'sk-clawlord-1': [20, 20], 'sce-judicators-1': [20 - clawR - 8 - libR, 20.5] });
    expect(far.terrainProtection('sk-clawlord', 'sce-judicators')).toMatchObject({ cover: true });
    // Wholly on a 4 x 4, 1" tall Obstacle: Cover even against the attacker within 3".
    const block = { id: 'block', type: 'obstacle', boxes: [{ center: [20, 20], size: [4, 4, 1] }] } as Terrain;
    const on = world([block], { 'sk-clawlord-1': [20, 20], 'sce-liberators-1': [18 - 1 - libR, 20] });
    expect(on.terrainProtection('sk-clawlord', 'sce-liberators')).toMatchObject({ cover: true });
  });

  it('T-34 Obscuring (004 wording): a target wholly on Obscuring terrain can be shot by a unit within its combat range (−1 Cover), not from 10"; a FLY target always, with no Cover', () => {
    const shooter = (u: Mut) => u.weapons.find((w: Mut) => w.name === 'Skybolt Bow').abilities = ['shoot-in-combat'];
    const p1 = tweak(SCE, 'sce-judicators', shooter);
    const p2 = tweak(SK, 'sk-acolytes', (u) => u.warscroll.keywords.push('FLY'));
    const prot = { cover: true, obscuring: true };
    // 2.5" away: in combat (within combat range and visible).
    const t = tables({
      inCombat: new Set(['sce-judicators|sk-clanrats']),
      distances: { 'sce-judicators|sk-clanrats': 2.5, 'sce-judicators|sk-stormvermin': 10, 'sce-judicators|sk-acolytes': 10 },
      protection: { 'sk-clanrats|sce-judicators': prot, 'sk-stormvermin|sce-judicators': prot, 'sk-acolytes|sce-judicators': prot },
    });
    const s = run(newGame({ p1, p2 }), [start, ...end(3)], t).s;
    expect(s.phase).toBe('shooting');
    const shoot = (target: string): Action => ({ type: 'shoot', player: 'p1', unitId: 'sce-judicators', target, weaponTargets: { 'Skybolt Bow': target } }) as Action;
    const near = run(s, [shoot('sk-clanrats'), { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }], t);
    expect(near.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ weapon: 'Skybolt Bow', hitModifier: -1 });
    // From 10" (not in combat with it): cannot be targeted.
    const t2 = { ...t, inCombat: new Set<string>() };
    expect(reduce(s, shoot('sk-stormvermin'), tablePort(t2))).toMatchObject({ ok: false, rule: 'Terrain 1.2' });
    // FLY: targetable, and no Cover.
    const fly = run(s, [shoot('sk-acolytes'), { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }], t2);
    expect(fly.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ weapon: 'Skybolt Bow', hitModifier: 0 });
  });
});

describe('worked examples: Banish Manifestation (Magic 7.2)', () => {
  it('T-16 a manifestation at 30.0" can be banished (30.1" not); with 3 enemy manifestations on the battlefield the banishment roll is +2', () => {
    const withWizard = (p: PlayerId, n: number): RosterInput => {
      const r = sampleRoster(p) as Mut;
      r.units.push({ id: `${p}-wizard`, name: 'Wizard', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'WIZARD (1)'] }, weapons: [], models: [{ id: `${p}-wizard-m1`, base: { shape: 'round', diameterMm: 40 } }] });
      r.regiments.push({ leader: `${p}-wizard`, units: [] });
      r.manifestations = Array.from({ length: n }, (_, i) => ({
        id: `${p}-orb${i + 1}`, name: 'Orb', kind: 'endlessSpell', banishment: 7, summonValue: 6, summonRange: 12,
        warscroll: { move: 8, health: 6, save: '-', control: 0, keywords: ['MANIFESTATION', 'ENDLESS SPELL'] }, weapons: [],
        models: [{ id: `${p}-orb${i + 1}-m1`, base: { shape: 'round', diameterMm: 60 } }],
      }));
      return r as RosterInput;
    };
    const t = tables({ distances: { 'p1-wizard|p2-orb1': 30 } });
    const g = newGame({ p1: withWizard('p1', 0), p2: withWizard('p2', 3), script: [3, 2] });
    let s = run(g, [start, ...end(1)], t).s;
    // p2's three endless spells are on the battlefield (a hand-made state: summoned earlier by p2's wizard).
    const units = { ...s.units };
    for (const id of ['p2-orb1', 'p2-orb2', 'p2-orb3']) {
      const { status: _s, ...u } = units[id];
      units[id] = { ...u, manifestation: { banishment: 7, summoner: 'p2-wizard' } };
    }
    s = { ...s, units };
    const banish: Action = { type: 'banish', player: 'p1', unitId: 'p1-wizard', target: 'p2-orb1' };
    expect(reduce(s, banish, tablePort(tables({ distances: { 'p1-wizard|p2-orb1': 30.1 } })))).toMatchObject({ ok: false, rule: 'Magic 7.2' });
    // 3 + 2 = 5, +2 (3 enemy manifestations: 1 per manifestation after the first) = 7 ≥ 7 → banished.
    const r = run(s, [banish], t);
    expect(r.events.find((e) => e.type === 'banishmentRoll')).toMatchObject({ dice: [3, 2], bonus: 2, roll: 7, banishment: 7, banished: true });
    expect(r.s.units['p2-orb1'].status).toBe('unsummoned');
  });
});

describe('worked examples: Guarded Hero (Core 25.0)', () => {
  it('T-20 not guarded without a friendly unit within combat range (3.1"), never guarded as a MONSTER: targetable from 12.1", no −1', () => {
    const shoot: Action[] = [{ type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-warlock' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }];
    // Not guarded: the Acolytes are 3.1" away (not within combat range: no withinRange pair).
    const t = tables({ withinRange: new Set(), distances: { 'sce-judicators|sk-warlock': 12.1 } });
    let r = run(run(newGame({}), [start, ...end(3)], t).s, shoot, t);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ hitModifier: 0 });
    // Guarded (2.9": within combat range) → refused from 12.1" (attacks.test, T-20) …
    const g = tables({ withinRange: new Set(['sk-warlock|sk-acolytes']), distances: { 'sce-judicators|sk-warlock': 12.1 } });
    expect(reduce(run(newGame({}), [start, ...end(3)], g).s, shoot[0], tablePort(g))).toMatchObject({ ok: false, rule: 'Core 25.0' });
    // … unless it is a MONSTER: never guarded.
    const p2 = tweak(SK, 'sk-warlock', (u) => u.warscroll.keywords.push('MONSTER'));
    r = run(run(newGame({ p2 }), [start, ...end(3)], g).s, shoot, g);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ hitModifier: 0 });
  });
});

describe('worked examples: charging units on terrain (Terrain 1.6)', () => {
  it('T-37 an enemy wholly on a 4" tower top with no room: the charger ending 0.3" from the tower, in combat with it, has charged; 0.6" away it has not', () => {
    // Tower: 1.8" × 1.8", 4" tall at (30, 20) (x, y in [29.1, 30.9]); the Clawlord (40 mm) stands on its top.
    const tower = { id: 'tower', type: 'area', boxes: [{ center: [30, 20], size: [1.8, 1.8, 4] }] } as Terrain;
    const r = 32 / MM / 2;
    const libs = (x: number) => Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`sce-liberators-${i + 1}`, [x, 20 + (i - 2) * (2 * r + 0.3)] as [number, number]]));
    const setup = () => {
      const g = newGame({ script: [6, 6] });
      const rosters = { p1: g.players.p1.roster, p2: g.players.p2.roster };
      const port = worldPort(buildWorld({ width: 60, depth: 44, terrain: [tower], placement: { ...libs(20), 'sk-clawlord-1': [30, 20] }, unitHeights: { 'sce-liberators': 2, 'sk-clawlord': 2 } }, rosters));
      let s = g;
      for (const a of [start, ...end(4), { type: 'charge', player: 'p1', unitId: 'sce-liberators' }] as Action[]) {
        const x = reduce(s, a, port);
        if (!x.ok) throw new Error(`${x.reason} (${x.rule})`);
        s = x.state;
      }
      expect(port.whollyOnTerrain?.('sk-clawlord')).toEqual(['tower']);
      return { s, port };
    };
    const charge = (x: number): Action => ({ type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'charge', paths: Object.fromEntries(Object.entries(libs(x)).map(([id, p]) => [id, [p]])) });
    // The front of the Liberators' bases 0.3" from the tower face x = 29.1.
    const near = setup();
    const ok = reduce(near.s, charge(29.1 - 0.3 - r), near.port);
    if (!ok.ok) throw new Error(`${ok.reason} (${ok.rule})`);
    // Without Terrain 1.6 it would fail: the 3D distance to the Clawlord on top is more than 1/2".
    expect(near.port.distance('sce-liberators', 'sk-clawlord')).toBeGreaterThan(0.5);
    expect(near.port.unitsInCombat('sce-liberators', 'sk-clawlord')).toBe(true);
    expect(ok.events).toContainEqual({ type: 'chargeOnTerrain', unitId: 'sce-liberators', enemies: ['sk-clawlord'] });
    expect(ok.state.units['sce-liberators'].turn.charged).toBe(true);
    // 0.6" from the tower: not within 1/2" of it → no charge.
    const far = setup();
    expect(reduce(far.s, charge(29.1 - 0.6 - r), far.port)).toMatchObject({ ok: false, rule: 'Core 14.3' });
  });
});

describe('worked examples: commands (Commands 2.0-8.0)', () => {
  it('T-40 Redeploy: D6 = 4 → each model moves up to 4"; no second command for that unit this phase (Commands 1.2)', () => {
    const t = tables();
    let s = run(newGame({ script: [4] }), [start, ...end(2)], t).s;
    expect(s.phase).toBe('movement');
    const r = run(s, [cmd('p2', 'redeploy', 'sk-acolytes')], t);
    s = r.s;
    expect(r.events.find((e) => e.type === 'redeploy')).toMatchObject({ roll: 4 });
    const move = (x: number): Action => ({ type: 'move', player: 'p2', unitId: 'sk-acolytes', kind: 'redeploy', paths: { 'sk-acolytes-1': [[x, 0]] } });
    expect(reduce(s, move(4.1), tablePort(t))).toMatchObject({ ok: false });
    expect(reduce(s, move(4), tablePort(t)).ok).toBe(true);
    // One command per unit per phase, each command once per army per phase (Commands 1.2).
    expect(reduce(s, cmd('p2', 'redeploy', 'sk-acolytes'), tablePort(t))).toMatchObject({ ok: false, rule: 'Commands 1.2' });
  });

  it('T-41 Power Through: Health 5 vs 3 allowed; equal Health (5 vs 5) refused — "lower" is strict', () => {
    const p1 = tweak(SCE, 'sce-liberators', (u) => (u.warscroll.health = 5));
    let p2 = tweak(SK, 'sk-stormvermin', (u) => (u.warscroll.health = 5));
    p2 = tweak(p2, 'sk-clanrats', (u) => (u.warscroll.health = 3));
    const t = tables({ inCombat: new Set(['sce-liberators|sk-stormvermin', 'sce-liberators|sk-clanrats']) });
    const g = newGame({ p1, p2, script: [1] });
    // p1's end of turn, the Liberators having charged (a hand-made state, as in commands.test).
    const s: GameState = { ...run(g, [start], t).s, phase: 'endOfTurn' };
    const libs = s.units['sce-liberators'];
    const charged: GameState = { ...s, units: { ...s.units, 'sce-liberators': { ...libs, turn: { ...libs.turn, charged: true } } } };
    expect(reduce(charged, cmd('p1', 'powerThrough', 'sce-liberators', 'sk-stormvermin'), tablePort(t))).toMatchObject({ ok: false, rule: 'Commands 8.0', reason: expect.stringContaining('Health') });
    const r = run(charged, [cmd('p1', 'powerThrough', 'sce-liberators', 'sk-clanrats')], t);
    expect(r.events.find((e) => e.type === 'powerThrough')).toMatchObject({ mortal: 1 });
  });

  it('T-42 Rally: dice [4,5,6,1,2,4] → 4 rally points; Health 2 with 2 slain and 1 damage: return 2 models, or Heal (1) + return 1; a MUSICIAN rolls 7 dice', () => {
    const t = tables();
    const setup = () => {
      let s = run(newGame({ script: [4, 5, 6, 1, 2, 4] }), [start, ...end(1)], t).s;
      s = run(s, [{ type: 'allocateDamage', player: 'p1', unitId: 'sce-liberators', points: 5 }], t).s;
      expect(s.units['sce-liberators']).toMatchObject({ damage: 1 });
      expect(s.units['sce-liberators'].slain).toHaveLength(2);
      const r = run(s, [cmd('p1', 'rally', 'sce-liberators')], t);
      expect(r.events.find((e) => e.type === 'rallyRolls')).toMatchObject({ dice: [4, 5, 6, 1, 2, 4], points: 4 });
      return r.s;
    };
    const a = run(setup(), [{ type: 'spendRally', player: 'p1', heal: 0, returnModels: 2 }], t).s;
    expect(a.units['sce-liberators']).toMatchObject({ slain: [], damage: 1 });
    const b = run(setup(), [{ type: 'spendRally', player: 'p1', heal: 1, returnModels: 1 }], t).s;
    expect(b.units['sce-liberators']).toMatchObject({ damage: 0 });
    expect(b.units['sce-liberators'].slain).toHaveLength(1);
    // 5 points are more than the 4 rolled.
    expect(reduce(setup(), { type: 'spendRally', player: 'p1', heal: 1, returnModels: 2 }, tablePort(t)).ok).toBe(false);
    // The Clanrats have a MUSICIAN: 7 dice (CmdModels 2.0), in p1's hero phase (any hero phase).
    const m = run(newGame({}), [start, ...end(1), cmd('p2', 'rally', 'sk-clanrats')], t);
    expect((m.events.find((e) => e.type === 'rallyRolls') as unknown as { dice: number[] }).dice).toHaveLength(7);
  });

  it('T-43 Covering Fire: X at 10" (visible, in range), Y at 8" behind Obscuring, Z at 9" not visible → the target is X, −1 to hit', () => {
    const t = tables({
      distances: { 'sk-warlock|sce-liberators': 10, 'sk-warlock|sce-judicators': 8, 'sk-warlock|sce-vindictors': 9 },
      protection: { 'sce-judicators|sk-warlock': { cover: true, obscuring: true } },
      hidden: new Set(['sk-warlock|sce-vindictors']),
    });
    const s = run(newGame({}), [start, ...end(3)], t).s;
    expect(s.phase).toBe('shooting');
    expect(reduce(s, cmd('p2', 'coveringFire', 'sk-warlock', 'sce-judicators'), tablePort(t))).toMatchObject({ ok: false, rule: 'Commands 4.0' });
    expect(reduce(s, cmd('p2', 'coveringFire', 'sk-warlock', 'sce-vindictors'), tablePort(t))).toMatchObject({ ok: false, rule: 'Commands 4.0' });
    const r = run(s, [cmd('p2', 'coveringFire', 'sk-warlock')], t);
    expect(r.s.pendingAttack).toMatchObject({ coveringFire: true, assignments: [{ weapon: 'Warplock Musket', target: 'sce-liberators' }] });
    // An ATTACK ability: All-out Defence can react (the active player first).
    const d = run(r.s, [cmd('p1', 'allOutDefence', 'sce-liberators'), { type: 'pass', player: 'p2' }, { type: 'pass', player: 'p1' }], t);
    expect(d.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ hitModifier: -1 });
  });
});

describe('worked examples: priority and battle tactics (Core 12.0, BattleTactics 2.0-3.0)', () => {
  it('T-46 the player who went second, won priority and chose to go first cannot use Tactical Gambit that round (A-R13)', () => {
    const t = tables();
    const round2 = (rolls: [number, number]) => run(newGame({ script: rolls }), [start, ...end(7, 'p1'), ...end(7, 'p2')], t).s;
    // Priority roll p1 1, p2 6: p2 (second in round 1) decides and goes first.
    let s = round2([1, 6]);
    expect([s.round, s.decider]).toEqual([2, 'p2']);
    s = run(s, [{ type: 'chooseFirstTurn', player: 'p2', first: 'p2' }], t).s;
    expect(reduce(s, { type: 'tacticalGambit', player: 'p2', tactic: 'doNotWaver' }, tablePort(t))).toMatchObject({ ok: false, rule: 'BattleTactics 2.0' });
    // p1 (first in round 1) wins priority and goes first again: allowed.
    s = round2([6, 1]);
    s = run(s, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }], t).s;
    expect(reduce(s, { type: 'tacticalGambit', player: 'p1', tactic: 'doNotWaver' }, tablePort(t)).ok).toBe(true);
  });

  it('T-47 Attack on Two Fronts: start A {1}, B {2}, {3} nobody; end A {1,2,3} → gained {2,3}, 2 was the opponent\'s → completed (+4 VP)', () => {
    const t = tables({ contests: { 'sce-liberators': ['o1'], 'sk-clanrats': ['o2'] } });
    let s = run(newGame({ objectives: ['o1', 'o2', 'o3'] }), [start], t).s;
    expect(s.objectives).toEqual({ o1: 'p1', o2: 'p2', o3: null });
    s = run(s, [{ type: 'tacticalGambit', player: 'p1', tactic: 'attackOnTwoFronts' }], t).s;
    t.contests = { 'sce-liberators': ['o1'], 'sce-vindictors': ['o2'], 'sce-judicators': ['o3'] };
    const r = run(s, end(7), t);
    expect(r.s.objectives).toEqual({ o1: 'p1', o2: 'p1', o3: 'p1' });
    expect(r.events.find((e) => e.type === 'tacticResult')).toMatchObject({ tactic: 'attackOnTwoFronts', completed: true, vp: 4 });
    expect(r.s.players.p1.vp).toBe(3 + 4);
  });
});

describe('worked examples: terrain sizes (Terrain 1.3)', () => {
  const rect = (w: number, h: number, deg = 0): [number, number][] =>
    terrainFootprintPoints({ id: 'f', type: 'area', boxes: [{ center: [20, 20], size: [w, h, 2], rotationDeg: deg }] });
  it('T-32 6×6 small, 7×10 medium, 8×8 large; a 13×1 sliver fits 7×12 rotated by ≈ 0.479 rad → medium (large without rotation)', () => {
    expect(terrainSizeOf(rect(6, 6))).toBe('small');
    expect(terrainSizeOf(rect(7, 10))).toBe('medium');
    expect(terrainSizeOf(rect(10, 7, 90))).toBe('medium');
    expect(terrainSizeOf(rect(8, 8))).toBe('large');
    expect(terrainSizeOf(rect(8, 8, 45))).toBe('large');
    expect(terrainSizeOf(rect(13, 1))).toBe('medium');
    expect(terrainSizeOf(rect(13, 1, 30))).toBe('medium');
    expect(terrainSizeOf(rect(13, 1), false)).toBe('large');
    // The rotation that makes it fit: 13 cos θ + sin θ ≤ 12 and 13 sin θ + cos θ ≤ 7 at θ = 0.479.
    const th = 0.479;
    expect(13 * Math.cos(th) + Math.sin(th)).toBeLessThanOrEqual(12);
    expect(13 * Math.sin(th) + Math.cos(th)).toBeLessThanOrEqual(7);
    expect(fitsInto(rect(13, 1), 7, 12)).toBe(true);
    // 13.1 × 1 no longer fits in any orientation.
    expect(terrainSizeOf(rect(13.1, 1))).toBe('large');
    // A 7"-diameter cylinder is small; a 6×6 piece and a 1×1 piece 10" apart (one feature, 13.5" long) are large.
    expect(terrainSizeOf(terrainFootprintPoints({ id: 'c', type: 'area', cylinders: [{ center: [5, 5], radius: 3.5, height: 1 }] }))).toBe('small');
    expect(terrainSizeOf(terrainFootprintPoints({ id: 'two', type: 'area', boxes: [{ center: [0, 0], size: [6, 6, 1] }, { center: [0, 10], size: [1, 1, 1] }] }))).toBe('large');
  });
});

describe('worked examples: command points (Commands 1.1, ArmyComp 3.6)', () => {
  it('T-45 4 CP each; +1 to the player with fewer auxiliary units every round; +1 to the underdog; unspent CP are lost at the end of the round', () => {
    // A (p1) has 1 auxiliary unit, B (p2) none: B gets +1 CP each battle round.
    const a = sampleRoster('p1') as Mut;
    a.regiments[0].units = ['p1-warriors'];
    a.auxiliaries = ['p1-knights'];
    const t = tables({ contests: { 'p1-warriors': ['o1'] } });
    let r = run(newGame({ p1: a as RosterInput, p2: sampleRoster('p2'), objectives: ['o1'], script: [6, 1] }), [start], t);
    expect(r.s.underdog).toBe(null);
    expect([r.s.players.p1.cp, r.s.players.p2.cp]).toEqual([4, 5]);
    // Round 1: A holds o1 at the end of its turn (1 VP to 0); nobody spends CP.
    r = run(r.s, [...end(7, 'p1'), ...end(7, 'p2')], t);
    expect([r.s.players.p1.vp, r.s.players.p2.vp]).toEqual([1, 0]);
    expect([r.s.players.p1.cp, r.s.players.p2.cp]).toEqual([0, 0]); // unspent CP lost (Commands 1.1)
    // Round 2: B is the underdog: A 4, B 4 + 1 (underdog) + 1 (auxiliary) = 6.
    r = run(r.s, [start], t);
    expect(r.s.underdog).toBe('p2');
    expect([r.s.players.p1.cp, r.s.players.p2.cp]).toEqual([4, 6]);
    // Equal numbers of auxiliary units: nobody gets the bonus.
    const eq = run(newGame({ p1: sampleRoster('p1'), p2: sampleRoster('p2') }), [start], t).s;
    expect([eq.players.p1.cp, eq.players.p2.cp]).toEqual([4, 4]);
  });

  it('T-45 underspending (ArmyComp 1.2.1): an army 60 points under the limit gains 1 CP at the start of battle round 1 only; 40 under gains nothing', () => {
    // A (p1): 1000-point limit, units 100 + 500 + 340 = 940 (60 under). B (p2): 460 + 300 + 200 = 960 (40 under).
    const priced = (p: string, limit: number, points: number[]): RosterInput => {
      const r = sampleRoster(p) as Mut;
      r.pointsLimit = limit;
      r.units.forEach((u: Mut, i: number) => (u.points = points[i]));
      return r as RosterInput;
    };
    const a = priced('p1', 1000, [100, 500, 340]);
    const b = priced('p2', 1000, [460, 300, 200]);
    const t = tables();
    let r = run(newGame({ p1: a, p2: b, script: [6, 1] }), [start], t);
    // Tied VP (no underdog), equal auxiliaries: 4 each, +1 for A's underspending.
    expect([r.s.players.p1.cp, r.s.players.p2.cp]).toEqual([5, 4]);
    expect(r.events.filter((e) => e.type === 'cpGained')).toEqual([
      { type: 'cpGained', player: 'p1', gain: 5, cp: 5 },
      { type: 'cpGained', player: 'p2', gain: 4, cp: 4 },
    ]);
    // Round 2: no underspending bonus any more (still no underdog: 0 VP each).
    r = run(r.s, [...end(7, 'p1'), ...end(7, 'p2'), start], t);
    expect(r.s.round).toBe(2);
    expect([r.s.players.p1.cp, r.s.players.p2.cp]).toEqual([4, 4]);
    // No points limit, or a unit without points (its cost unknown): no bonus.
    const noLimit = sampleRoster('p1');
    const unknown = priced('p1', 1000, [100, 500, 340]) as Mut;
    delete unknown.units[2].points;
    for (const p1 of [noLimit, unknown as RosterInput]) {
      expect(run(newGame({ p1, p2: b }), [start], t).s.players.p1.cp).toBe(4);
    }
  });
});

describe('worked examples: reserves (Core 24.0-24.1)', () => {
  it('T-48 set up from reserve in round 2\'s movement phase: no MOVE ability that phase, may Charge; a unit still in reserve at the start of round 4 is destroyed', () => {
    const t = tables();
    // Priority roll of round 2: p1 6, p2 1; then the Prosecutors' charge roll 3 + 4.
    const g = createGame({ seed: 4, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: ['o1'] }, reserves: { p1: ['sce-prosecutors'], p2: ['sk-stormvermin'] }, diceScript: [6, 1, 3, 4] });
    if (!g.ok) throw new Error(JSON.stringify(g.issues));
    expect(g.state.units['sce-prosecutors'].status).toBe('reserve');
    const bad = createGame({ seed: 4, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] }, reserves: { p1: ['sk-clanrats'] } });
    expect(bad).toMatchObject({ ok: false, issues: [{ path: 'reserves.p1[0]' }] });
    // Off the battlefield: it cannot contest an objective nor use abilities.
    t.contests = { 'sk-stormvermin': ['o1'] };
    let s = run(g.state, [start], t).s;
    expect(s.objectives.o1).toBe(null);
    const place: Action = { type: 'setUpReserve', player: 'p1', unitId: 'sce-prosecutors', positions: { 'sce-prosecutors-1': [10, 10], 'sce-prosecutors-2': [12, 10], 'sce-prosecutors-3': [14, 10] } };
    expect(reduce(s, place, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 24.1' }); // not the movement phase
    s = run(s, [...end(7, 'p1'), ...end(7, 'p2')], t).s;
    expect([s.round, s.decider]).toEqual([2, 'p1']);
    s = run(s, [start, ...end(2)], t).s;
    expect(s.phase).toBe('movement');
    expect(reduce(s, { ...place, unitId: 'sk-stormvermin' } as Action, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 24.1' });
    expect(reduce(s, { ...place, positions: { 'sce-prosecutors-1': [10, 10] } } as Action, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 24.0' });
    const r = run(s, [place], t);
    s = r.s;
    expect(r.events).toContainEqual({ type: 'reserveSetUp', player: 'p1', unitId: 'sce-prosecutors' });
    expect(s.units['sce-prosecutors'].status).toBeUndefined();
    expect(s.positions['sce-prosecutors-1']).toEqual([10, 10]);
    // No MOVE abilities in this movement phase (Core 24.0).
    expect(reduce(s, { type: 'run', player: 'p1', unitId: 'sce-prosecutors' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 24.0' });
    expect(reduce(s, { type: 'move', player: 'p1', unitId: 'sce-prosecutors', kind: 'normal', paths: { 'sce-prosecutors-1': [[11, 10]] } }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 24.0' });
    // ... but it may Charge in the charge phase.
    const ch = run(s, [...end(2), { type: 'charge', player: 'p1', unitId: 'sce-prosecutors' }], t);
    expect(ch.events.find((e) => e.type === 'chargeRoll')).toMatchObject({ unitId: 'sce-prosecutors' });
    // Rounds 2 and 3 end with the Stormvermin still in reserve: destroyed at the start of round 4.
    s = run(ch.s, [...end(3, 'p1'), ...end(7, 'p2')], t).s;
    expect(s.round).toBe(3);
    s = run(s, [{ type: 'chooseFirstTurn', player: s.decider!, first: s.decider! }], t).s;
    const first = s.active!;
    const second = first === 'p1' ? 'p2' : 'p1';
    expect(s.units['sk-stormvermin'].status).toBe('reserve');
    const r4 = run(s, [...end(7, first), ...end(7, second)], t);
    expect(r4.s.round).toBe(4);
    expect(r4.events).toContainEqual({ type: 'unitDestroyed', unitId: 'sk-stormvermin', source: 'reserve' });
    expect(r4.s.units['sk-stormvermin'].status).toBeUndefined();
    expect(r4.s.units['sk-stormvermin'].slain).toHaveLength(10);
    expect(r4.s.units['sce-prosecutors'].slain).toEqual([]);
  });
});

describe('worked examples the engine cannot express yet', () => {
  it.todo('T-28 modifier order (Core 27.0): no ability of the engine sets a characteristic to a value or halves Move, so "set to 3 then +1 = 4" has no rule to test');
  it.todo('T-29 replacement units (Core 24.2): no universal ability creates replacement units');
  it.todo('T-30 "any" = one or more: no aura ability ("within 6" of any models with this ability") exists in the engine');
});
