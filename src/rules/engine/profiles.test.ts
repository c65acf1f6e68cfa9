/**
 * Alternative weapon profiles (issue 28, docs/interpretations.md). Man-skewer Boltboyz' warscroll
 * (the Kruleboyz roster in tests/fixtures/rosters): "Each time this unit uses a SHOOT ability, pick
 * either the Hasty Shot or Aimed Shot weapon characteristics for all the attacks it makes with its
 * Man-skewer Crossbows." Core 16.0: "Each weapon has its own characteristics". Weapons named
 * `Weapon: Profile` of one weapon are alternatives: a declaration uses one, never both.
 */
import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { reduce, type GameEvent } from './reduce';
import { expectedProfileDamage, profileChoices, profileWeapon } from './attacks';
import { expectedDamageOf } from '../../game/session/expectedDamage';
import { sampleRoster, tablePort, type PortTables } from './testkit';
import type { RosterInput } from './roster';

const HASTY = 'Man-skewer Crossbow: Hasty Shot';
const AIMED = 'Man-skewer Crossbow: Aimed Shot';

/** p1: three Man-skewer Boltboyz with the two profiles as imported from the real roster; p2: the sample roster (Liberators 4+ save). */
function game(): GameState {
  const p1 = sampleRoster('p1') as RosterInput & { units: unknown[]; regiments: { leader: string; units: string[] }[] };
  p1.units.push({
    id: 'boltboyz',
    name: 'Man-skewer Boltboyz',
    warscroll: { move: 5, health: 2, save: '5+', control: 1, keywords: ['INFANTRY', 'KRULEBOYZ'] },
    weapons: [
      { name: HASTY, range: 12, attacks: 2, hit: '4+', wound: '3+', rend: 1, damage: 2, abilities: ['crit-auto-wound'] },
      { name: AIMED, range: 18, attacks: 1, hit: '3+', wound: '3+', rend: 2, damage: 2, abilities: ['crit-auto-wound'] },
      { name: 'Jaggedy Blades', range: 'melee', attacks: 1, hit: '4+', wound: '3+', rend: '-', damage: 1, abilities: ['crit-mortal'] },
    ],
    models: [1, 2, 3].map((k) => ({ id: `boltboyz-${k}`, base: { shape: 'round' as const, diameterMm: 32 } })),
  });
  p1.regiments[0].units.push('boltboyz');
  const g = createGame({ seed: 5, rosters: { p1, p2: sampleRoster('p2') }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] } });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  let s = g.state;
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: 3 }, () => ({ type: 'endPhase', player: 'p1' }))] as Action[]) {
    const r = reduce(s, a, tablePort(tables(10)));
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
  }
  return s;
}
const tables = (inches: number): PortTables => ({ inCombat: new Set(), contests: {}, distances: { 'boltboyz|p2-warriors': inches } });

/** Declare the Shoot, both players pass, and return the weapons that attacked. */
function shoot(s: GameState, inches: number, extra: Partial<Extract<Action, { type: 'shoot' }>> = {}): { ok: true; weapons: string[]; events: GameEvent[] } | { ok: false; reason: string; rule: string } {
  let st = s;
  const events: GameEvent[] = [];
  for (const a of [{ type: 'shoot', player: 'p1', unitId: 'boltboyz', target: 'p2-warriors', ...extra }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }] as Action[]) {
    const r = reduce(st, a, tablePort(tables(inches)));
    if (!r.ok) return r;
    st = r.state;
    events.push(...r.events);
  }
  return { ok: true, weapons: events.filter((e) => e.type === 'attacksResolved').map((e) => String(e.weapon)), events };
}

describe('alternative weapon profiles: one per declaration (Core 16.0, the Man-skewer Boltboyz warscroll)', () => {
  it('profiles of one weapon are recognised by the name before the colon', () => {
    expect(profileWeapon(HASTY)).toBe('Man-skewer Crossbow');
    expect(profileWeapon(AIMED)).toBe('Man-skewer Crossbow');
    expect(profileWeapon('Jaggedy Blades')).toBe(null);
  });

  it('expected damage, hand-computed for one model on a 4+ save: Hasty 2 × (1/6 + 2/6 × 4/6) × 4/6 × 2 = 224/216; Aimed 1 × (1/6 + 3/6 × 4/6) × 5/6 × 2 = 10/12', () => {
    const s = game();
    const w = (n: string) => s.players.p1.roster.units.find((u) => u.id === 'boltboyz')!.weapons.find((x) => x.name === n)!;
    expect(expectedProfileDamage(s, 'boltboyz', w(HASTY), 'p2-warriors', 1)).toBeCloseTo(224 / 216, 9);
    expect(expectedProfileDamage(s, 'boltboyz', w(AIMED), 'p2-warriors', 1)).toBeCloseTo(10 / 12, 9);
  });

  it('by default the profile with the larger expected damage: Hasty Shot at 10" (3 models × 2 attacks), never both', () => {
    const r = shoot(game(), 10);
    if (!r.ok) throw new Error(r.reason);
    expect(r.weapons).toEqual([HASTY]);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ weapon: HASTY, models: 3, attacks: 6 });
    expect(r.events.find((e) => e.type === 'attackDeclared')).toMatchObject({ assignments: [{ weapon: HASTY, target: 'p2-warriors' }] });
  });

  it('at 15" Hasty Shot (12") cannot reach: Aimed Shot (18") is the default, 3 attacks', () => {
    const r = shoot(game(), 15);
    if (!r.ok) throw new Error(r.reason);
    expect(r.weapons).toEqual([AIMED]);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ models: 3, attacks: 3 });
  });

  it('the player picks a profile by naming it (weaponTargets); naming both profiles is refused', () => {
    const r = shoot(game(), 10, { weaponTargets: { [AIMED]: 'p2-warriors' } });
    if (!r.ok) throw new Error(r.reason);
    expect(r.weapons).toEqual([AIMED]);
    const both = shoot(game(), 10, { weaponTargets: { [AIMED]: 'p2-warriors', [HASTY]: 'p2-warriors' } });
    expect(both).toMatchObject({ ok: false, rule: 'Core 16.0', reason: expect.stringMatching(/profiles of one weapon, Man-skewer Crossbow: pick one/) });
  });

  it('issue 35: the default a Shoot option advertises is the one a plain Shoot fires: Hasty Shot at 10", Aimed Shot at 15" (Hasty out of range), with the expected damage of the models in range', () => {
    const s = game();
    const near = profileChoices(s, 'boltboyz', 'p2-warriors', 'shoot', tablePort(tables(10)));
    expect(near.find((c) => c.isDefault)?.profile).toBe(HASTY);
    expect(near.find((c) => c.profile === HASTY)?.expectedDamage).toBeCloseTo((3 * 224) / 216, 9);
    const far = profileChoices(s, 'boltboyz', 'p2-warriors', 'shoot', tablePort(tables(15)));
    expect(far.find((c) => c.isDefault)?.profile).toBe(AIMED);
    // Out of its 12" Range, no model can fire Hasty Shot: 0 expected; Aimed Shot 3 × 10/12.
    expect(far.find((c) => c.profile === HASTY)?.expectedDamage).toBe(0);
    expect(far.find((c) => c.profile === AIMED)?.expectedDamage).toBeCloseTo(30 / 12, 9);
    // The plain Shoot's "≈" counts the profile the declaration fires (every alive model armed with it).
    const plain = expectedDamageOf(s, 'boltboyz', 'p2-warriors', 'shoot', tablePort(tables(15)));
    expect(plain.ok && plain.weapons.map((w) => w.weapon)).toEqual([AIMED]);
    expect(plain.ok && plain.value).toBeCloseTo(30 / 12, 9);
    const r = shoot(game(), 15);
    expect(r.ok && r.weapons).toEqual([far.find((c) => c.isDefault)?.profile]);
  });
});
