import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createGame, type GameState } from './state';
import { loggedActions, reduce, RULE_INTERNAL } from './reduce';
import { sampleRoster, tablePort, type PortTables } from './testkit';
import { stateHash } from './hash';

const UNITS = ['p1-hero', 'p1-warriors', 'p1-knights', 'p2-hero', 'p2-knights', 'p2-warriors', 'ghost'];
const OBJECTIVES = ['o1', 'o2', 'o3', 'nowhere'];

/** Every third seed plays the deployment phase (Core 10.0) first. */
function newGame(seed: number, battleRounds = 2, deployment = seed % 3 === 0): GameState {
  const r = createGame({
    seed,
    rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') },
    finishedDeployingFirst: seed % 2 === 0 ? 'p1' : 'p2',
    battleplan: { objectives: ['o1', 'o2', 'o3'], battleRounds },
    territories: { p1: 'south', p2: 'north' },
    ...(deployment ? { deployment: { beginsDeployment: seed % 2 === 0 ? ('p1' as const) : ('p2' as const) } } : {}),
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.state;
}

/** Territories: every unit may deploy, except p2's knights (never wholly within its territory). */
const TERRITORIES: PortTables['territories'] = Object.fromEntries(
  ['hero', 'warriors', 'knights'].flatMap((u) => [
    [`p1-${u}|south`, { distance: 0, wholly: true }],
    [`p1-${u}|north`, { distance: 20, wholly: false }],
    [`p2-${u}|north`, { distance: 0, wholly: u !== 'knights' }],
    [`p2-${u}|south`, { distance: 20, wholly: false }],
  ]),
);

/** A fixed battlefield: some units in combat, some contesting two objectives. */
function staticTables(): PortTables {
  return {
    inCombat: new Set(['p1-knights|p2-knights']),
    contests: { 'p1-warriors': ['o1', 'o2'], 'p2-warriors': ['o2'], 'p2-hero': ['o3'], 'p1-hero': ['o3'] },
    territories: { ...TERRITORIES, 'ruins|north': { distance: 0, wholly: false }, 'ruins|south': { distance: 5, wholly: false } },
    terrain: ['ruins', 'tower'],
    terrainContests: { 'p1-knights': ['ruins'], 'p2-hero': ['ruins'] },
    landmarks: { 'p1-hero|centre': 1, 'p1-warriors|centre': 2, 'p2-knights|shortEdge0': 3, 'p2-warriors|shortEdge1': 4 },
  };
}
const SIZE: Record<string, number> = { hero: 1, warriors: 10, knights: 5 };
/** Positions for every model of a sample unit (wrong counts for unknown units). */
const positionsOf = (unitId: string) =>
  Object.fromEntries(Array.from({ length: SIZE[unitId.split('-')[1] ?? ''] ?? 1 }, (_, i) => [`${unitId}-m${i + 1}`, [i, 0]]));

const player = fc.constantFrom('p1' as const, 'p2' as const);
const unit = fc.constantFrom(...UNITS);
/** Random actions, biased towards endPhase so games progress; some malformed. */
const action = fc.oneof(
  { weight: 24, arbitrary: player.map((p) => ({ type: 'endPhase', player: p })) },
  { weight: 10, arbitrary: fc.record({ type: fc.constant('chooseFirstTurn'), player, first: player }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('chooseContestedObjective'), player, unitId: unit, objectiveId: fc.constantFrom(...OBJECTIVES) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('run'), player, unitId: unit, atTheDouble: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('charge'), player, unitId: unit }) },
  {
    weight: 6,
    arbitrary: fc
      .record({
        type: fc.constant('command'),
        player,
        command: fc.constantFrom('rally', 'redeploy', 'forwardToVictory', 'allOutAttack', 'allOutDefence', 'magicalIntervention', 'coveringFire', 'counterCharge', 'powerThrough'),
        unitId: unit,
        target: fc.option(unit, { nil: undefined }),
      })
      .map(({ target, ...a }) => (target === undefined ? a : { ...a, target })),
  },
  { weight: 8, arbitrary: fc.record({ type: fc.constant('spendRally'), player, heal: fc.integer({ min: -1, max: 3 }), returnModels: fc.integer({ min: 0, max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('allocateDamage'), player, unitId: unit, points: fc.integer({ min: 0, max: 12 }) }) },
  { weight: 8, arbitrary: fc.record({ type: fc.constant('fight'), player, unitId: unit, target: unit }) },
  { weight: 10, arbitrary: player.map((p) => ({ type: 'pass', player: p })) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('shoot'), player, unitId: unit, target: unit }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('move'), player, unitId: unit, kind: fc.constantFrom('charge', 'powerThrough', 'normal'), paths: fc.constant({}) }) },
  { weight: 6, arbitrary: fc.record({ type: fc.constant('deployUnit'), player, unitId: unit }).map((a) => ({ ...a, positions: positionsOf(a.unitId) })) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('deployRegiment'), player, leader: unit }) },
  { weight: 2, arbitrary: player.map((p) => ({ type: 'endDeployment', player: p })) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('chant'), player, unitId: unit, prayer: fc.constantFrom('resurrection', 'summon:x') }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('answerPrayer'), player, choice: fc.constantFrom('bank', 'answer') }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('banish'), player, unitId: unit, target: unit }) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        type: fc.constant('tacticalGambit'),
        player,
        tactic: fc.constantFrom('doNotWaver', 'seizeTheCentre', 'takeTheFlanks', 'takeTheirLand', 'attackOnTwoFronts'),
        terrainId: fc.option(fc.constantFrom('ruins', 'tower'), { nil: undefined }),
      })
      .map(({ terrainId, ...a }) => (terrainId === undefined ? a : { ...a, terrainId })),
  },
  { weight: 1, arbitrary: fc.anything() },
);

/**
 * Seed 1 (no deployment phase, no combat): in every ten actions, each player offers to decide the
 * first turn (one of them is the one who decides, Core 12.0), then both end phases turn about.
 */
const WALK_THE_BATTLE: unknown[] = Array.from({ length: 240 }, (_, i) =>
  i % 10 < 2 ? { type: 'chooseFirstTurn', player: i % 10 === 0 ? 'p1' : 'p2', first: 'p1' } : { type: 'endPhase', player: i % 2 === 0 ? 'p1' : 'p2' },
);

/** Play a sequence, checking the invariants after every action; returns the final state. */
const PICK = { type: 'chooseContestedObjective', player: 'p1', unitId: 'p1-warriors', objectiveId: 'o2' };
let maxRound = 0;
let accepted = 0;
let deployed = 0;
const rules: Record<string, number> = {};

function play(seed: number, randomActions: unknown[], t: PortTables): GameState {
  // p1's warriors contest o1 and o2: pick one first so control checks can happen (Core 32.1).
  // Half of the deployment games start with a deployment script (some of it rejected: p2's knights
  // are never wholly within its territory); the others deploy with the random actions only.
  const b = seed % 2 === 0 ? 'p1' : 'p2';
  const o = b === 'p1' ? 'p2' : 'p1';
  const dep = (p: string, u: string) => ({ type: 'deployUnit', player: p, unitId: `${p}-${u}`, positions: positionsOf(`${p}-${u}`) });
  const script =
    seed % 6 === 0
      ? [dep(b, 'hero'), dep(o, 'hero'), dep(b, 'warriors'), dep(o, 'warriors'), dep(b, 'knights'), dep(o, 'knights'), { type: 'endDeployment', player: 'p2' }, dep('p1', 'knights'), { type: 'endDeployment', player: 'p1' }]
      : [];
  const actions = [...script, PICK, ...randomActions];
  let s = newGame(seed);
  const port = tablePort(t);
  // A deep copy of `s` taken before any call that could change it: of the new game here, then the copy of each
  // accepted state made below (nothing changes a state between that copy and the next call; a refused action leaves
  // `s`, and so its copy, as they were, which is checked).
  let before = structuredClone(s);
  for (const a of actions) {
    const r = reduce(s, a, port);
    // The input is never modified (deep clone taken before the call).
    if (!isDeepStrictEqual(s, before)) expect(s).toEqual(before);
    if (!r.ok) {
      expect(r.reason.length).toBeGreaterThan(0);
      expect(r.rule.length).toBeGreaterThan(0);
      expect(r.rule).not.toBe(RULE_INTERNAL);
      rules[r.rule] = (rules[r.rule] ?? 0) + 1;
      continue;
    }
    const n = r.state;
    for (const p of ['p1', 'p2'] as const) {
      expect(n.players[p].cp).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(n.players[p].cp)).toBe(true);
      expect(n.players[p].vp).toBeGreaterThanOrEqual(n === s ? 0 : s.players[p].vp);
    }
    for (const u of Object.values(n.units)) {
      expect(u.damage).toBeGreaterThanOrEqual(0);
      expect(new Set(u.slain).size).toBe(u.slain.length);
    }
    expect(n.log.length).toBeGreaterThan(s.log.length);
    const copy = structuredClone(n);
    if (!isDeepStrictEqual(copy, n)) expect(copy).toEqual(n);
    // Deployment (Core 10.0): units off the battlefield until deployed; a deployed unit stays deployed.
    for (const u of Object.values(n.units)) if (s.units[u.id].status === undefined) expect(u.status).toBeUndefined();
    if ((a as { type?: string }).type === 'deployUnit') deployed++;
    s = n;
    before = copy;
    accepted++;
    maxRound = Math.max(maxRound, s.round);
  }
  return s;
}

describe('engine properties', () => {
  it('every action is accepted or rejected with a reason; rejections leave the state untouched; CP never negative', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.array(action, { minLength: 50, maxLength: 250 }), (seed, actions) => {
        // Knights in combat in half the games (then both must fight every combat phase, Core 13.1).
        play(seed, actions, seed % 2 === 0 ? staticTables() : { ...staticTables(), inCombat: new Set() });
      }),
      // One known sequence first, which walks into battle round 2: random samples alone sometimes
      // never got there, and the count below then failed on an unlucky seed.
      { numRuns: 60, examples: [[1, WALK_THE_BATTLE]] },
    );
    // The sequences do get through the battle sequence (the known example always does; random
    // samples only sometimes, so this counts the example's reach, not theirs).
    expect(maxRound).toBeGreaterThanOrEqual(2);
    expect(accepted).toBeGreaterThan(400);
    // Rejections cite real rule sections, not only schema errors.
    expect(Object.keys(rules).filter((r) => /^(Core|Commands) /.test(r)).length).toBeGreaterThan(5);
    expect(rules['Core 10.0'] ?? 0).toBeGreaterThan(0);
    expect(deployed).toBeGreaterThan(0);
  });

  it('replaying the log from the same seed reproduces the same state hash', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.array(action, { maxLength: 200 }), (seed, actions) => {
        const t = staticTables();
        const end = play(seed, actions, t);
        let s = newGame(seed);
        for (const a of loggedActions(end)) {
          const r = reduce(s, a, tablePort(t));
          expect(r.ok).toBe(true);
          if (r.ok) s = r.state;
        }
        expect(stateHash(s)).toBe(stateHash(end));
        expect(s).toEqual(end);
      }),
      { numRuns: 60 },
    );
  });

  it('a full game plays to the end with deterministic hashes', () => {
    // The knights are in combat all game: each combat phase both must fight (Core 13.1).
    const nextFight = (s: GameState) => {
      const fought = s.combat?.fought ?? [];
      const first = s.combat?.picker ?? s.active;
      for (const p of [first, first === 'p1' ? 'p2' : 'p1'] as const) {
        const id = `${p}-knights`;
        if (!fought.includes(id)) return { type: 'fight', player: p, unitId: id, target: `${p === 'p1' ? 'p2' : 'p1'}-knights` };
      }
      return { type: 'endPhase', player: s.active };
    };
    const t = staticTables();
    const run = (seed: number) => {
      let s = newGame(seed, 5, false);
      const port = tablePort(t);
      let guard = 0;
      while (s.stage !== 'ended' && guard++ < 1000) {
        const a =
          s.contestChoices['p1-warriors'] === undefined
            ? { type: 'chooseContestedObjective', player: 'p1', unitId: 'p1-warriors', objectiveId: 'o1' }
            : s.stage === 'firstTurn'
              ? { type: 'chooseFirstTurn', player: s.decider, first: s.decider }
              : s.pendingAttack
                ? { type: 'pass', player: s.pendingAttack.toReact }
                : s.phase === 'combat' && s.units['p1-knights'].slain.length < 5 && s.units['p2-knights'].slain.length < 5
                  ? nextFight(s)
                  : { type: 'endPhase', player: s.active };
        const r = reduce(s, a, port);
        if (!r.ok) throw new Error(`${r.reason} (${r.rule})`);
        s = r.state;
      }
      return s;
    };
    const a = run(42);
    const b = run(42);
    expect(a.stage).toBe('ended');
    expect(a.round).toBe(5);
    expect(stateHash(a)).toBe(stateHash(b));
    expect(stateHash(a)).toMatch(/^[0-9a-f]{8}$/);
    // o1: p1 warriors (11) alone; o2: p2 warriors (11); o3: heroes 2 vs 2 → nobody.
    expect(a.objectives).toEqual({ o1: 'p1', o2: 'p2', o3: null });
    // Each player holds 1 objective at the end of each of their 5 turns.
    expect([a.players.p1.vp, a.players.p2.vp]).toEqual([5, 5]);
    expect(a.winner).toBe('draw');
    expect(a.log.filter((e) => e.kind === 'roll' && e.purpose === 'priority')).toHaveLength(8);
  });
});
