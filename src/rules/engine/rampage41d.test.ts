/**
 * Rampaging Destruction, session 41 (sh41d; `abilities/parseRampage41d.ts`, `engine/rampage41d.ts`,
 * `game/abilityBranches41d.ts`): the real text of Kragnos (ij-001, kb-001, sob-001), read; then on the kit's table
 * (32 mm bases, 1.26" across) on p1's Shaman in the charge phase, p2's Shaman made a MONSTER.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { RAMPAGE_EACH_41D, RAMPAGE_MONSTER_41D } from '../abilities/parseRampage41d';
import { unitAbilityOptions } from '../../game/abilityOptions';
import type { RosterInput } from './roster';

const RAMPAGE =
  'If this unit charged this phase, pick 1 of the following effects:\n• Roll a dice for each enemy unit within 1" of this unit. On a 2+, inflict an amount of mortal damage on that unit equal to the roll.\n• Pick an enemy **^^Monster^^** in combat with this unit and roll 2D6. On a 7, this ability has no effect. Otherwise, inflict an amount of mortal damage on that unit equal to the results on the dice used for the 2D6 roll multiplied together. For example, a 2D6 roll of 2 and 6 would inflict 12 mortal damage (2 × 6).';
const charge = timing('Once Per Turn (Army), Any Charge Phase', 'charge', 'any', { per: 'turn', army: true });
const parse = (effect: string, t = charge, declare: string | null = null) => parseEffect({ declare, effect, timing: t, knownKeywords: ['MONSTER', 'INFANTRY'] });

describe('Rampaging Destruction, read (the real text of ij-001 / kb-001 / sob-001)', () => {
  it('a choice of two branches, each with its own pick (charged this turn), mortal damage equal to the roll on 2+ / the product of 2D6 unless 7', () => {
    const p = parse(RAMPAGE);
    expect(p.picks).toEqual([
      { kind: 'choice', choices: [RAMPAGE_EACH_41D, RAMPAGE_MONSTER_41D] },
      { kind: 'enemyUnit', each: true, within: 1, unitIf: { charged: true }, forChoice41d: RAMPAGE_EACH_41D },
      { kind: 'enemyUnit', keyword: 'MONSTER', within: 3, visible: true, unitIf: { charged: true }, forChoice41d: RAMPAGE_MONSTER_41D },
    ]);
    expect(p.resolves).toEqual([
      { mortal: 'roll', on: '2+', targets: 'targets', if: { charged: true, unit: 'self' }, choice: RAMPAGE_EACH_41D },
      { mortalProduct41d: { dice: 2 }, noEffectOn: 7, targets: 'targets', if: { charged: true, unit: 'self' }, choice: RAMPAGE_MONSTER_41D },
    ]);
  });
  it('fall-back twins stay by hand: another phase ("this phase" is not "this turn" there), a Declare, "On an 8", "within 3"", a third branch, a sentence after', () => {
    expect(parse(RAMPAGE, timing('Once Per Turn (Army), Any Combat Phase', 'combat', 'any', { per: 'turn', army: true })).resolves).toBeNull();
    expect(parse(RAMPAGE, charge, 'Pick an enemy unit to be the target.').resolves).toBeNull();
    expect(parse(RAMPAGE.replace('On a 7,', 'On an 8,')).resolves).toBeNull();
    expect(parse(RAMPAGE.replace('within 1"', 'within 3"')).resolves).toBeNull();
    expect(parse(`${RAMPAGE}\n• Heal (3) this unit.`).resolves).toBeNull();
    expect(parse(`${RAMPAGE} Then, this unit has Strike-first for the rest of the turn.`).resolves).toBeNull();
  });
});

/** p2's army with its Shaman a MONSTER. */
function p2Monster(): RosterInput {
  const r = roster('p2') as { units: { name: string; warscroll: { keywords: string[] } }[] } & RosterInput;
  r.units[0].warscroll.keywords = [...r.units[0].warscroll.keywords, 'MONSTER'];
  return r;
}

describe('Rampaging Destruction on the kit (p1\'s Shaman at (10, 20) charged; p2\'s Gutrippaz 0.5" away, Hobgrots 0.74" away, p2\'s Shaman a MONSTER 1.74" away)', () => {
  const rampage = ability({ name: 'Rampaging Destruction', timing: charge, effect: RAMPAGE, ...(({ picks, resolves }) => ({ picks, resolves }))(parse(RAMPAGE)) });
  const start = (dice: number[], charged = true) => {
    // Gutrippaz column at x = 11.76 (centre 1.76" away: 0.5" gap), Hobgrots at x = 8 (2" away: 0.74" gap), p2 Shaman at (10, 17) (3" away: 1.74" gap).
    const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [2, 2], 'p2-boyz': [11.76, 20], 'p2-gits': [8, 20], 'p2-hero': [10, 17] });
    const s = toPhase(gameAtHero(roster('p1', [rampage]), p2Monster(), port, dice), port, 'charge');
    s.units['p1-hero'].turn.charged = charged;
    return { port, s };
  };
  const use = (choice: string, targets?: string[]) => ({ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Rampaging Destruction', choice, ...(targets ? { targets } : {}) }) as const;

  it('each enemy unit within 1": the Gutrippaz and Hobgrots (not the Shaman 1.74" away), a dice each in the order of the units: 5 → 5 mortal on the Gutrippaz (all 5 slain), 1 → nothing on the Hobgrots', () => {
    const { port, s } = start([5, 1]);
    const r = play(s, port, [use(RAMPAGE_EACH_41D)]);
    const hits = r.events.filter((e) => e.type === 'abilityMortal');
    expect(hits).toHaveLength(2);
    expect(hits).toEqual([expect.objectContaining({ unitId: 'p2-boyz', dice: [5], amount: 5 }), expect.objectContaining({ unitId: 'p2-gits', dice: [1], amount: 0 })]);
    expect(r.s.units['p2-boyz'].slain.length).toBe(5);
    expect(r.s.units['p2-hero'].damage).toBe(0);
  });

  it('the Monster: 2D6 of 2 and 6 → 12 mortal damage (the Health 5 Shaman slain); 3 and 4 (= 7) → no effect', () => {
    const a = start([2, 6]);
    const r = play(a.s, a.port, [use(RAMPAGE_MONSTER_41D, ['p2-hero'])]);
    expect(r.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-hero', dice: [2, 6], amount: 12 });
    expect(r.s.units['p2-hero'].slain.length).toBe(1);
    const b = start([3, 4]);
    const r2 = play(b.s, b.port, [use(RAMPAGE_MONSTER_41D, ['p2-hero'])]);
    expect(r2.events.some((e) => e.type === 'abilityMortal')).toBe(false);
    expect(r2.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-hero', why: expect.stringContaining('= 7') });
    expect(r2.s.units['p2-hero'].damage).toBe(0);
  });

  it('refused: the Monster branch on a unit that is no MONSTER, or with no unit; not charged (the Declare\'s condition); no choice', () => {
    const { port, s } = start([]);
    expect(refused(s, port, use(RAMPAGE_MONSTER_41D, ['p2-boyz'])).rule).toBe('Rampaging Destruction: Declare');
    expect(refused(s, port, use(RAMPAGE_MONSTER_41D)).rule).toBe('Rampaging Destruction: Declare');
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Rampaging Destruction' }).reason).toContain('pick one of');
    const n = start([], false);
    expect(refused(n.s, n.port, use(RAMPAGE_EACH_41D))).toEqual({ rule: 'Rampaging Destruction: Declare', reason: expect.stringContaining('no unit can be picked') });
    expect(refused(n.s, n.port, use(RAMPAGE_MONSTER_41D, ['p2-hero'])).reason).toContain('Declare\'s condition');
  });

  it('options: one entry per branch, each with its own units (the two within 1"; the MONSTER), and each accepted by the engine', () => {
    const { port, s } = start([4, 4, 2, 2]);
    const mine = unitAbilityOptions(s, port, 'p1-hero').filter((e) => e.ability.name === 'Rampaging Destruction');
    expect(mine.map((e) => [e.group, e.available, (e.action as { choice?: string }).choice, (e.action as { targets?: string[] }).targets])).toEqual([
      ['ability:Rampaging Destruction|' + RAMPAGE_EACH_41D, true, RAMPAGE_EACH_41D, ['p2-boyz', 'p2-gits']],
      ['ability:Rampaging Destruction|' + RAMPAGE_MONSTER_41D, true, RAMPAGE_MONSTER_41D, ['p2-hero']],
    ]);
    for (const e of mine) expect(play(s, port, [e.action]).events.some((x) => x.type === 'abilityEffect' || x.type === 'abilityMortal')).toBe(true);
  });
});
