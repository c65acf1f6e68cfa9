/**
 * Rules-engine bench: `npx tsx src/cli/rulesBench.ts`.
 *
 * 1. A full 5-round battle between two armies of 10 units (the sample armies plus auxiliary
 *    copies) on the sample battlefield, deployment phase included (Core 10.0), played by the
 *    scripted policy over the real worldPort:
 *    total ms and ms per action. Baseline in the same process: replaying the same action list
 *    (a) as is and (b) with the state deep-cloned (JSON round trip) before every action; the
 *    ratio (b)/(a) is reported.
 * 2. The damage distribution (`computeDamage`): ms per call on a typical and a small query, and
 *    the small query against a naive brute-force enumeration of every die face (checked equal).
 *
 * Times are wall-clock (performance.now) and only compared within this run.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeDamage, type DamageAttacker, type DamageTarget } from '../rules/damage';
import { createGame, type Action, type GameState } from '../rules/engine/state';
import { reduce } from '../rules/engine/reduce';
import { playScripted } from '../rules/engine/policy';
import { stateHash } from '../rules/engine/hash';
import { buildWorld, worldPort } from '../rules/engine/worldPort';
import { sampleBattlefield } from '../rules/engine/worldPortGame';
import type { RosterInput } from '../rules/engine/roster';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const army = (f: string) => JSON.parse(readFileSync(join(root, 'assets', 'armies', f), 'utf8')) as RosterInput & { units: any[]; auxiliaries?: string[] };

/** The sample army grown to 10 units with auxiliary copies of its non-HERO units. */
function tenUnits(r: RosterInput & { units: any[]; auxiliaries?: string[] }): RosterInput {
  const out = structuredClone(r);
  const extra = r.units.filter((u) => !u.warscroll.keywords.includes('HERO'));
  out.auxiliaries = [];
  for (let i = 0; out.units.length < 10; i++) {
    const src = extra[i % extra.length];
    const id = `${src.id}-x${i}`;
    out.units.push({ ...structuredClone(src), id, models: src.models.map((m: any, j: number) => ({ ...m, id: `${id}-${j + 1}` })) });
    out.auxiliaries.push(id);
  }
  return out;
}

function time<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

function battle() {
  const rosters = { p1: tenUnits(army('stormcast-liberators.json')), p2: tenUnits(army('skaven-clawlord.json')) };
  // The battle starts with the deployment phase (Core 10.0): the policy deploys every unit.
  const g = createGame({
    seed: 77,
    rosters,
    battleplan: { objectives: ['o1', 'o2', 'o3'] },
    territories: { p1: 'p1', p2: 'p2' },
    deployment: { beginsDeployment: 'p1' },
  });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  const parsed = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
  const bf = sampleBattlefield(parsed);
  const played = time(() => playScripted(g.state, worldPort(buildWorld(bf, parsed)), 5000, { placement: bf.placement }));
  const actions = played.value.actions;
  const replay = (clone: boolean) =>
    time(() => {
      const port = worldPort(buildWorld(bf, parsed));
      let s: GameState = g.state;
      for (const a of actions) {
        const input = clone ? (JSON.parse(JSON.stringify(s)) as GameState) : s;
        const r = reduce(input, a as Action, port);
        if (!r.ok) throw new Error(r.reason);
        s = r.state;
      }
      return s;
    });
  const plain = replay(false);
  const cloned = replay(true);
  if (stateHash(plain.value) !== stateHash(cloned.value) || stateHash(plain.value) !== stateHash(played.value.state)) throw new Error('replays differ');
  const s = played.value.state;
  return {
    units: { p1: parsed.p1.units.length, p2: parsed.p2.units.length },
    actions: actions.length,
    result: { round: s.round, vp: { p1: s.players.p1.vp, p2: s.players.p2.vp }, winner: s.winner, stateHash: stateHash(s) },
    policyBattleMs: round(played.ms),
    policyMsPerAction: round(played.ms / actions.length),
    replayMs: round(plain.ms),
    replayMsPerAction: round(plain.ms / actions.length),
    baselineDeepCloneReplayMs: round(cloned.ms),
    ratioDeepCloneBaselineOverReplay: round(cloned.ms / plain.ms),
  };
}

/** Naive baseline: enumerate every die face of every attack (hit, wound, save, ward per point). */
function bruteForce(models: number, hit: number, wound: number, rend: number, save: number, ward: number): number[] {
  const attacks = models;
  const dist = new Array(attacks + 1).fill(0);
  const dice = attacks * 4;
  const total = 6 ** dice;
  const faces = new Array(dice).fill(1);
  for (let n = 0; n < total; n++) {
    let k = 0;
    for (let a = 0; a < attacks; a++) {
      const [h, w, sv, wd] = faces.slice(a * 4, a * 4 + 4);
      const hits = h !== 1 && (h === 6 || h >= hit);
      const wounds = hits && w !== 1 && w >= wound;
      const unsaved = wounds && (sv === 1 || sv - rend < save);
      if (unsaved && wd < ward) k++;
    }
    dist[k] += 1;
    for (let i = 0; i < dice; i++) {
      if (faces[i] < 6) {
        faces[i]++;
        break;
      }
      faces[i] = 1;
    }
  }
  return dist.map((c) => c / total);
}

function damage() {
  const small: [DamageAttacker, DamageTarget] = [
    { models: 2, weapon: { attacks: 1, hit: '3+', wound: '4+', rend: 1, damage: 1 } },
    { save: '4+', ward: '6+', health: 1 },
  ];
  const typical: [DamageAttacker, DamageTarget] = [
    { models: 10, weapon: { attacks: 'D3', hit: '3+', wound: '3+', rend: 1, damage: 'D3', abilities: ['crit-mortal', 'anti-HERO'] }, charged: true },
    { save: '4+', ward: '6+', health: 7, models: 3, keywords: ['HERO'] },
  ];
  const reps = 2000;
  const fast = time(() => {
    let x = 0;
    for (let i = 0; i < reps; i++) x += computeDamage(...small).value;
    return x;
  });
  const typ = time(() => {
    let x = 0;
    for (let i = 0; i < reps; i++) x += computeDamage(...typical).value;
    return x;
  });
  const brute = time(() => bruteForce(2, 3, 4, 1, 4, 6));
  const exact = computeDamage(...small).distribution;
  const diff = Math.max(...brute.value.map((p, i) => Math.abs(p - (exact[i] ?? 0))));
  if (diff > 1e-12) throw new Error(`brute force disagrees: ${diff}`);
  return {
    smallCase: '2 attacks (6^8 die-face outcomes), Hit 3+, Wound 4+, Rend 1, Damage 1 vs Save 4+, WARD (6+)',
    msPerCallSmall: round(fast.ms / reps, 5),
    msPerCallTypical: round(typ.ms / reps, 5),
    bruteForceSmallMs: round(brute.ms),
    ratioBruteForceOverExact: round(brute.ms / (fast.ms / reps)),
    maxAbsDifference: diff,
  };
}

function round(x: number, d = 3): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

// Warm-up, then measure.
damage();
const d = damage();
const b = battle();
process.stdout.write(JSON.stringify({ battle: b, damage: d }, null, 2) + '\n');
