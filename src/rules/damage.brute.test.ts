import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  computeDamage,
  type DamageAttacker,
  type DamageOptions,
  type DamageTarget,
} from './damage';

// =============================================================================================
// Independent brute force: the rules written out as a literal dice procedure (one D6 at a
// time, Core 17.0-18.4, 20.0, 26.0), and an enumerator that runs it over EVERY sequence of die
// faces. No convolution, no per-step probabilities: each leaf has probability 6^-(dice used).
// =============================================================================================

type Roll = () => number;

interface BruteOutcome {
  allocated: number;
  slain: number;
}

/**
 * Enumerate every die-face sequence the program can consume (odometer over a choice stack).
 * Probabilities are accumulated exactly as BigInt multiples of 6^-MAX_DEPTH, so the reference
 * carries no floating-point summation error; each total is converted to a float once.
 * Every leaf of the same depth weighs the same, 6^(MAX_DEPTH - depth): the leaves are counted per
 * depth in plain integers (exact: at most `maxLeaves` of them) and each count is weighted in BigInt
 * once at the end, the same exact sums as adding each leaf's weight in turn.
 */
const MAX_DEPTH = 80;
const DEN = 6n ** BigInt(MAX_DEPTH);
const WEIGHT = Array.from({ length: MAX_DEPTH + 1 }, (_, d) => 6n ** BigInt(MAX_DEPTH - d));
const toFloat = (x: bigint) => {
  // correctly rounded enough: scale to 2^-100 units, then one division
  const scaled = (x << 100n) / DEN;
  return Number(scaled) / 2 ** 100;
};

function enumerateAll(program: (roll: Roll) => BruteOutcome, maxLeaves = 2_000_000) {
  /** Per depth: leaves by points allocated, leaves, and the slain models summed over them. */
  const allocatedAt: number[][] = [];
  const leavesAt: number[] = [];
  const slainAt: number[] = [];
  let leaves = 0;
  const stack: number[] = [];
  for (;;) {
    let depth = 0;
    const roll: Roll = () => {
      if (depth === stack.length) stack.push(1);
      return stack[depth++];
    };
    const out = program(roll);
    stack.length = depth;
    if (depth > MAX_DEPTH) throw new Error('brute force: too many dice in one sequence');
    const byAllocated = (allocatedAt[depth] ??= []);
    byAllocated[out.allocated] = (byAllocated[out.allocated] ?? 0) + 1;
    leavesAt[depth] = (leavesAt[depth] ?? 0) + 1;
    slainAt[depth] = (slainAt[depth] ?? 0) + out.slain;
    if (++leaves > maxLeaves) return null;
    while (stack.length > 0 && stack[stack.length - 1] === 6) stack.pop();
    if (stack.length === 0) break;
    stack[stack.length - 1]++;
  }
  const counts: bigint[] = [];
  let slainSum = 0n;
  let mass = 0n;
  allocatedAt.forEach((byAllocated, depth) => {
    const w = WEIGHT[depth];
    byAllocated.forEach((n, allocated) => {
      counts[allocated] = (counts[allocated] ?? 0n) + w * BigInt(n);
    });
    slainSum += w * BigInt(slainAt[depth]);
    mass += w * BigInt(leavesAt[depth]);
  });
  const dist = Array.from(counts, (x) => toFloat(x ?? 0n));
  let valueSum = 0n;
  counts.forEach((x, k) => {
    valueSum += (x ?? 0n) * BigInt(k);
  });
  return { dist, value: toFloat(valueSum), slain: toFloat(slainSum), leaves, mass: toFloat(mass) };
}

/** Roll a printed characteristic with D6s, a D3 being a halved D6 (Core 2.2, 26.0). */
function rollPrinted(text: number | string, roll: Roll): number {
  if (typeof text === 'number') return text;
  const m = /^(\d*)D([36])(?:\+(\d+))?$/.exec(text);
  if (!m) throw new Error(`brute force cannot read ${text}`);
  let total = m[3] ? Number(m[3]) : 0;
  const n = m[1] ? Number(m[1]) : 1;
  for (let i = 0; i < n; i++) {
    const f = roll();
    total += m[2] === '3' ? Math.ceil(f / 2) : f;
  }
  return total;
}

interface BruteCase {
  models: number;
  attacks: number | string;
  hit: number;
  wound: number;
  rend: number;
  damage: number | string;
  abilities?: string[];
  charged?: boolean;
  hitMods?: number[];
  woundMods?: number[];
  save: number | '-';
  ward?: number;
  health: number;
  targetModels?: number;
  keywords?: string[];
  targetCharged?: boolean;
  saveMods?: number[];
}

function bruteProgram(c: BruteCase, crit: string | null, opts: { critAlwaysHits: boolean; rendInSaveCap: boolean }) {
  const total = (xs?: number[]) => (xs ?? []).reduce((s, x) => s + x, 0);
  const clamp1 = (x: number) => (x > 1 ? 1 : x < -1 ? -1 : x);
  const hitMod = clamp1(total(c.hitMods));
  const woundMod = clamp1(total(c.woundMods));
  let rend = c.rend;
  for (const a of c.abilities ?? []) {
    if (a === 'anti-charge') {
      if (c.targetCharged) rend++;
    } else if (a.startsWith('anti-')) {
      if ((c.keywords ?? []).map((k) => k.toUpperCase()).includes(a.slice(5).toUpperCase())) rend++;
    }
  }
  const saveMod = opts.rendInSaveCap
    ? Math.min(total(c.saveMods) - rend, 1)
    : Math.min(total(c.saveMods), 1) - rend;
  const chargeBonus = c.charged && (c.abilities ?? []).includes('charge-damage') ? 1 : 0;

  return (roll: Roll): BruteOutcome => {
    let pool = 0;
    let attacks = 0;
    for (let m = 0; m < c.models; m++) attacks += rollPrinted(c.attacks, roll); // per model
    const damage = () => rollPrinted(c.damage, roll) + chargeBonus; // per successful attack
    const wounds = () => {
      const w = roll();
      return w !== 1 && w + woundMod >= c.wound;
    };
    const getsThrough = () => {
      if (c.save === '-') return true;
      const s = roll();
      const saved = s !== 1 && s + saveMod >= c.save;
      return !saved;
    };
    for (let i = 0; i < attacks; i++) {
      const h = roll();
      const isCrit = h === 6;
      const hits = h !== 1 && (h + hitMod >= c.hit || (isCrit && opts.critAlwaysHits));
      if (!hits) continue;
      if (isCrit && crit === 'crit-mortal') {
        pool += damage();
        continue;
      }
      if (isCrit && crit === 'crit-auto-wound') {
        if (getsThrough()) pool += damage();
        continue;
      }
      const hitCount = isCrit && crit === 'crit-2-hits' ? 2 : 1;
      for (let k = 0; k < hitCount; k++) if (wounds() && getsThrough()) pool += damage();
    }
    if (c.ward !== undefined) {
      let kept = 0;
      for (let i = 0; i < pool; i++) if (roll() < c.ward!) kept++;
      pool = kept;
    }
    // Core 18.2 literally: one point at a time, slay at Health, reset; 18.4: stop when all dead.
    let allocated = 0;
    let counter = 0;
    let slain = 0;
    let alive = c.targetModels ?? Number.POSITIVE_INFINITY;
    for (let i = 0; i < pool; i++) {
      if (alive === 0) break;
      allocated++;
      counter++;
      if (counter === c.health) {
        slain++;
        alive--;
        counter = 0;
      }
    }
    return { allocated, slain };
  };
}

function brute(c: BruteCase, opts: Partial<{ critAlwaysHits: boolean; rendInSaveCap: boolean }> = {}, maxLeaves?: number) {
  const o = { critAlwaysHits: opts.critAlwaysHits ?? true, rendInSaveCap: opts.rendInSaveCap ?? true };
  const crits = (c.abilities ?? []).filter((a) => a.startsWith('crit-'));
  let best: ReturnType<typeof enumerateAll> = null;
  for (const crit of crits.length ? crits : [null]) {
    const r = enumerateAll(bruteProgram(c, crit, o), maxLeaves);
    if (r === null) return null;
    if (best === null || r.value > best.value) best = r;
  }
  return best;
}

function toQuery(c: BruteCase): { attacker: DamageAttacker; target: DamageTarget } {
  const attacker: DamageAttacker = {
    models: c.models,
    weapon: { attacks: c.attacks, hit: c.hit, wound: c.wound, rend: c.rend, damage: c.damage },
  };
  if (c.abilities) attacker.weapon.abilities = c.abilities;
  if (c.charged !== undefined) attacker.charged = c.charged;
  if (c.hitMods || c.woundMods) attacker.modifiers = { hit: c.hitMods, wound: c.woundMods };
  const target: DamageTarget = { save: c.save, health: c.health };
  if (c.ward !== undefined) target.ward = c.ward;
  if (c.targetModels !== undefined) target.models = c.targetModels;
  if (c.keywords) target.keywords = c.keywords;
  if (c.targetCharged !== undefined) target.charged = c.targetCharged;
  if (c.saveMods) target.modifiers = { save: c.saveMods };
  return { attacker, target };
}

function expectSameAsBrute(c: BruteCase, opts: DamageOptions = {}) {
  const ref = brute(c, opts);
  expect(ref).not.toBeNull();
  const { attacker, target } = toQuery(c);
  const got = computeDamage(attacker, target, opts);
  expect(Math.abs(ref!.mass - 1)).toBeLessThan(1e-12);
  expect(Math.abs(got.value - ref!.value)).toBeLessThan(1e-12);
  expect(Math.abs(got.slain - ref!.slain)).toBeLessThan(1e-12);
  const n = Math.max(got.distribution.length, ref!.dist.length);
  for (let k = 0; k < n; k++) {
    expect(Math.abs((got.distribution[k] ?? 0) - (ref!.dist[k] ?? 0)), `p[${k}]`).toBeLessThan(1e-12);
  }
  return { got, ref: ref! };
}

// =============================================================================================
// Independent check: brute force over every die face sequence
// =============================================================================================

describe('damage: equals the brute-force enumeration of every die face (1e-12)', () => {
  const cases: [string, BruteCase, DamageOptions?][] = [
    ['3 attacks 3+/3+ Rend 1 vs 4+', { models: 3, attacks: 1, hit: 3, wound: 3, rend: 1, damage: 1, save: 4, health: 1 }],
    ['1 attack, D3 damage, ward 5+, Health 2, 1 model', { models: 1, attacks: 1, hit: 4, wound: 3, rend: 0, damage: 'D3', save: 5, ward: 5, health: 2, targetModels: 1 }],
    ['2 attacks, ward 4+, Health 2, 1 model (cap)', { models: 2, attacks: 1, hit: 3, wound: 4, rend: 1, damage: 1, save: 4, ward: 4, health: 2, targetModels: 1 }],
    ['Crit (2 Hits) with capped modifiers, 2 models of Health 3', {
      models: 2, attacks: 1, hit: 4, wound: 4, rend: 1, damage: 2, abilities: ['crit-2-hits'],
      hitMods: [1, 1], woundMods: [-1, -1], save: 4, saveMods: [1, 1], health: 3, targetModels: 2,
    }],
    ['Crit (Auto-wound), random D3 Attacks, Anti-HERO', {
      models: 1, attacks: 'D3', hit: 4, wound: 5, rend: 0, damage: 1, abilities: ['crit-auto-wound', 'anti-HERO'],
      save: 4, keywords: ['HERO'], health: 1,
    }],
    ['Crit (Mortal), D3+1 damage, charged with Charge (+1 Damage), 2 models of Health 4', {
      models: 2, attacks: 1, hit: 3, wound: 4, rend: 0, damage: 'D3+1', abilities: ['crit-mortal', 'charge-damage'],
      charged: true, save: 3, health: 4, targetModels: 2,
    }],
    ['Crit (Mortal), D3+1 damage, charged, ward 6+', {
      models: 1, attacks: 1, hit: 3, wound: 4, rend: 0, damage: 'D3+1', abilities: ['crit-mortal', 'charge-damage'],
      charged: true, save: 3, ward: 6, health: 4,
    }],
    ['Hit 6+ at −1, no save', { models: 3, attacks: 1, hit: 6, wound: 3, rend: 0, damage: 1, abilities: ['crit-mortal'], hitMods: [-1], save: '-', health: 2 }],
    ['Hit 6+ at −1, critAlwaysHits off', { models: 3, attacks: 1, hit: 6, wound: 3, rend: 0, damage: 1, abilities: ['crit-mortal'], hitMods: [-1], save: '-', health: 2 }, { critAlwaysHits: false }],
    ['Anti-charge + Anti-HERO vs a charging HERO', {
      models: 2, attacks: 1, hit: 3, wound: 3, rend: 1, damage: 1, abilities: ['anti-charge', 'anti-HERO'],
      save: 3, keywords: ['HERO'], targetCharged: true, health: 2,
    }],
    ['rendInSaveCap off, +3 save vs Rend 3', { models: 2, attacks: 1, hit: 3, wound: 3, rend: 3, damage: 1, save: 4, saveMods: [1, 1, 1], health: 1 }, { rendInSaveCap: false }],
    ['Two crit abilities: best choice', { models: 1, attacks: 2, hit: 4, wound: 5, rend: 0, damage: 2, abilities: ['crit-2-hits', 'crit-mortal'], save: 4, health: 3 }],
    ['Crit (2 Hits) with 2D3 damage rolled per hit, vs Health 3, 1 model (cap)', {
      models: 1, attacks: 1, hit: 4, wound: 4, rend: 1, damage: '2D3', abilities: ['crit-2-hits'], save: 4, health: 3, targetModels: 1,
    }],
  ];
  for (const [name, c, opts] of cases) {
    it(name, () => {
      const { ref } = expectSameAsBrute(c, opts);
      expect(ref.leaves).toBeGreaterThan(1); // the enumeration really branched
    });
  }

  it('random small configurations (fast-check)', () => {
    const arb = fc.record({
      models: fc.integer({ min: 1, max: 2 }),
      attacks: fc.constantFrom<number | string>(1, 2, 'D3'),
      hit: fc.integer({ min: 2, max: 6 }),
      wound: fc.integer({ min: 2, max: 6 }),
      rend: fc.integer({ min: 0, max: 3 }),
      damage: fc.constantFrom<number | string>(1, 2, 'D3'),
      crit: fc.constantFrom<string[]>([], ['crit-2-hits'], ['crit-auto-wound'], ['crit-mortal']),
      charge: fc.boolean(),
      hitMods: fc.array(fc.integer({ min: -2, max: 2 }), { maxLength: 2 }),
      woundMods: fc.array(fc.integer({ min: -2, max: 2 }), { maxLength: 2 }),
      save: fc.constantFrom<number | '-'>(2, 3, 4, 5, 6, '-'),
      saveMods: fc.array(fc.integer({ min: -2, max: 2 }), { maxLength: 2 }),
      ward: fc.option(fc.integer({ min: 4, max: 6 }), { nil: undefined }),
      health: fc.integer({ min: 1, max: 3 }),
      targetModels: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      critAlwaysHits: fc.boolean(),
    });
    let compared = 0;
    fc.assert(
      fc.property(arb, (r) => {
        const c: BruteCase = {
          models: r.models, attacks: r.attacks, hit: r.hit, wound: r.wound, rend: r.rend, damage: r.damage,
          abilities: [...r.crit, ...(r.charge ? ['charge-damage'] : [])], charged: r.charge,
          hitMods: r.hitMods, woundMods: r.woundMods, save: r.save, saveMods: r.saveMods, ward: r.ward,
          health: r.health, targetModels: r.targetModels,
        };
        const ref = brute(c, { critAlwaysHits: r.critAlwaysHits }, 40_000);
        if (ref === null) return; // too many leaves for a unit test; skip
        compared++;
        const { attacker, target } = toQuery(c);
        const got = computeDamage(attacker, target, { critAlwaysHits: r.critAlwaysHits });
        expect(Math.abs(got.value - ref.value)).toBeLessThan(1e-12);
        expect(Math.abs(got.slain - ref.slain)).toBeLessThan(1e-12);
        for (let k = 0; k < Math.max(ref.dist.length, got.distribution.length); k++) {
          expect(Math.abs((got.distribution[k] ?? 0) - (ref.dist[k] ?? 0))).toBeLessThan(1e-12);
        }
      }),
      { numRuns: 150, seed: 20240921 },
    );
    expect(compared).toBeGreaterThan(30); // the rest exceeded the leaf budget
  });
});
