/**
 * Session 40 (sh40a) shapes (parseKbIj40.ts): the real texts of the fixture rosters (kb-001, ij-001, as the importer
 * gives them) and fall-back twins of the same shapes with a word or condition the engine does not read, which must
 * stay by hand (`resolves: null`).
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema } from './schema';

const KW = ['KRULEBOYZ', 'IRONJAWZ', 'INFANTRY', 'HERO', 'MONSTER'];

function parse(effect: string, declare: string | null, timing: string) {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, timing === 'Passive'), knownKeywords: KW });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

const EACH = 'Pick each enemy unit in combat with this unit to be the targets.';
const BREATH = 'Roll a dice for each target. On a 1, this ability has no effect. On a 2-5, inflict 1 mortal damage on the target. On a 6, inflict D3 mortal damage on the target.';

describe('A dice for each target in bands (Breath of the Mire-drakes, kb-001 Murknob with Belcha-banna)', () => {
  it('the real text: one dice per target; 2-5 → 1 mortal damage, 6 → D3, 1 → nothing', () => {
    expect(parse(BREATH, EACH, 'Any Combat Phase').resolves).toEqual([
      { mortal: 1, targets: 'targets', if: { roll: '2+', rollAtMost: 5, rollOnce: true } },
      { mortal: 'D3', targets: 'targets', if: { roll: '6+', rollOnce: true } },
    ]);
  });
  it('"On a 5+" for the last band reads as 5-6', () => {
    expect(parse('Roll a dice for each target. On a 1-4, this ability has no effect. On a 5+, inflict D3 mortal damage on the target.', EACH, 'Any Combat Phase').resolves).toEqual([{ mortal: 'D3', targets: 'targets', if: { roll: '5+', rollOnce: true } }]);
  });
  it('twins by hand: a face left out, faces overlapping, a sentence after, a band with a condition of its own, a passive, no target, one dice for all (Foul Elixirs)', () => {
    expect(parse('Roll a dice for each target. On a 2-5, inflict 1 mortal damage on the target. On a 6, inflict D3 mortal damage on the target.', EACH, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice for each target. On a 1, this ability has no effect. On a 2-5, inflict 1 mortal damage on the target. On a 5+, inflict D3 mortal damage on the target.', EACH, 'Any Combat Phase').resolves).toBeNull();
    expect(parse(`${BREATH} Then, this unit has Strike-last for the rest of the turn.`, EACH, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice for each target. On a 1, this ability has no effect. On a 2-5, inflict 1 mortal damage on the target. On a 6, inflict D3 mortal damage on the target if it is a Monster.', EACH, 'Any Combat Phase').resolves).toBeNull();
    expect(parse(BREATH, null, 'Passive').resolves).toBeNull();
    expect(parse(BREATH, null, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. On a 2+, add 1 to save rolls for the target for the rest of the turn. On a 1, inflict D3 mortal damage on the target.', 'Pick a friendly Kruleboyz Infantry unit wholly within 12" of this unit to be the target.', 'Once Per Turn (Army), Your Hero Phase').resolves).toBeNull();
  });
});

const PUNCH_T = 'Once Per Turn (Army), Reaction: Opponent declared an Attack ability that targeted this unit';
const PUNCH = "For the rest of the turn, add 1 to hit rolls and wound rolls for this unit's combat attacks that target that enemy unit.";

describe('"that enemy unit" of an attack reaction (You Call Dat A Punch?, ij-001 Brutes (Scourge of Aqshy))', () => {
  it('the real text: +1 hit and +1 wound for this unit\'s combat attacks against the attacking unit, for the turn', () => {
    const vs = { by: 1, attacks: 'melee', targets: 'self', duration: 'turn', againstTrigger: true };
    expect(parse(PUNCH, null, PUNCH_T).resolves).toEqual([{ modify: 'hit', ...vs }, { modify: 'wound', ...vs }]);
  });
  it('twins by hand: another reaction (no attacker), a phase timing, a sentence more, a Declare\'s target', () => {
    expect(parse(PUNCH, null, 'Reaction: You declared a Fight ability for this unit').resolves).toBeNull();
    expect(parse(PUNCH, null, 'Any Combat Phase').resolves).toBeNull();
    expect(parse(`${PUNCH} In addition, this unit has Strike-first for the rest of the turn.`, null, PUNCH_T).resolves).toBeNull();
    expect(parse(PUNCH, 'Pick an enemy unit in combat with this unit to be the target.', PUNCH_T).resolves).toBeNull();
  });
});

const MESSIN = 'Enemy units with a Health characteristic of 1 or 2 cannot contest objectives while they are in combat with this unit.';

describe("Units that cannot contest objectives (You Messin'?, ij-001 Brutes; contest40.ts)", () => {
  it('the real text: enemy units of Health 2 or less within this unit\'s combat range', () => {
    expect(parse(MESSIN, null, 'Passive').resolves).toEqual([{ noContest: true, targets: 'enemy', while: { healthAtMost: 2, within: 3, of: 'self' } }]);
    expect(parse(MESSIN.replace('1 or 2', '1'), null, 'Passive').resolves).toEqual([{ noContest: true, targets: 'enemy', while: { healthAtMost: 1, within: 3, of: 'self' } }]);
  });
  it('twins by hand: an activated ability, a sentence more, another Health band, a keyword more', () => {
    expect(parse(MESSIN, null, 'Any Combat Phase').resolves).toBeNull();
    expect(parse(`${MESSIN} In addition, they have Strike-last.`, null, 'Passive').resolves).toBeNull();
    expect(parse(MESSIN.replace('1 or 2', '2 or 3'), null, 'Passive').resolves).toBeNull();
    expect(parse(MESSIN.replace('Enemy units', 'Enemy Infantry units'), null, 'Passive').resolves).toBeNull();
  });
});

const KRUNT_D = "Pick a friendly Hobgrot Slittaz unit within this unit's combat range to be the target.";
const KRUNT = "For the rest of the battle, the target's Slitta-knives have Crit (Mortal) while they are wholly within 12\" of this unit.";

describe("A named weapon's weapon ability near this unit (Kountin' Krew, kb-001 Swampboss Skumdrekk)", () => {
  const read = (effect: string, declare: string | null = KRUNT_D, timing = 'Deployment Phase') =>
    parseEffect({ declare, effect, timing: parseTiming(timing, timing === 'Passive'), knownKeywords: KW, unitNames: ['Hobgrot Slittaz'] }).resolves;
  it('the real text: Crit (Mortal) on the target\'s Slitta-knives while wholly within 12" of this unit, for the battle', () => {
    expect(read(KRUNT)).toEqual([{ weaponAbility: 'crit-mortal', weapon: 'Slitta-knives', targets: 'targets', duration: 'battle', while: { within: 12, wholly: true, of: 'self' } }]);
  });
  it('twins by hand: a sentence more, no target, a passive, "up to 2" targets, another ability than Crit', () => {
    expect(read(`${KRUNT} In addition, add 1 to their hit rolls.`)).toBeNull();
    expect(read(KRUNT, null)).toBeNull();
    expect(read(KRUNT, null, 'Passive')).toBeNull();
    expect(read(KRUNT, 'Pick up to 2 friendly Hobgrot Slittaz units within this unit\'s combat range to be the targets.')).toBeNull();
    expect(read(KRUNT.replace('Crit (Mortal)', 'Anti-Hero (+1 Rend)'))).toBeNull();
  });
});
