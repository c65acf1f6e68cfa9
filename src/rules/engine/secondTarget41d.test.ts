/**
 * Get In There And Wallop 'Em! (Megaboss, ij-001; session 41, sh41d; `abilities/parseSecondTarget41d.ts`,
 * `engine/secondTarget41d.ts`) with the army's Mighty Destroyers (ij-001), real texts, on the kit with p1's units given
 * the IRONJAWZ keyword: the unit picked by Wallop 'Em can be Mighty Destroyers' second target this turn.
 */
import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, refused, roster, tablePortAt, timing } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import type { RosterInput } from './roster';
import { generalAbilityOptions } from '../../game/abilityOptions';

const WALLOP_DECLARE = 'Pick a friendly Ironjawz unit wholly within 12" of this unit and that was not set up this turn to be the target.';
const WALLOP = "For the rest of the turn, when you use the 'Mighty Destroyers' ability, you can pick that friendly unit to be a second target.";
const wallopTiming = timing('Once Per Battle Round (Army), Any Hero Phase', 'hero', 'any', { per: 'round', army: true });
const mdTiming = timing('Once Per Turn (Army), Any Hero Phase', 'hero', 'any', { per: 'turn', army: true });
const MD_DECLARE = 'Pick a friendly Ironjawz unit that was not set up this turn to be the target.';
const MD = 'The target can move up to 3". It can move into combat. If it was in combat at the start of the move, it must end that move in combat.';
const known = ['IRONJAWZ'];

describe("Get In There And Wallop 'Em!, read (ij-001)", () => {
  it('the Declare\'s pick and a second target of Mighty Destroyers for the rest of the turn', () => {
    const p = parseEffect({ declare: WALLOP_DECLARE, effect: WALLOP, timing: wallopTiming, knownKeywords: known });
    expect(p.picks).toEqual([{ kind: 'friendlyUnit', cond: { setUp: false }, within: 12, wholly: true, keyword: 'IRONJAWZ' }]);
    expect(p.resolves).toEqual([{ secondTarget41d: { ability: 'Mighty Destroyers' }, targets: 'targets', duration: 'turn' }]);
  });
  it('twins stay by hand: "a third target", no Declare, two picks, "for the rest of the battle", a passive', () => {
    const r = (effect: string, declare: string | null = WALLOP_DECLARE, t = wallopTiming) => parseEffect({ declare, effect, timing: t, knownKeywords: known }).resolves;
    expect(r(WALLOP.replace('a second target', 'a third target'))).toBeNull();
    expect(r(WALLOP, null)).toBeNull();
    expect(r(WALLOP, 'Pick up to 2 friendly Ironjawz units wholly within 12" of this unit to be the targets.')).toBeNull();
    expect(r(WALLOP.replace('the rest of the turn', 'the rest of the battle'))).toBeNull();
    expect(r(WALLOP, null, timing('Passive', 'passive', 'any'))).toBeNull();
  });
});

/** p1's army: Wallop 'Em on the Shaman, Mighty Destroyers on the army, every unit IRONJAWZ. */
function p1Ironjawz(): RosterInput {
  const wallop = readAbility({ name: "Get In There And Wallop 'Em!", timing: wallopTiming, declare: WALLOP_DECLARE, effect: WALLOP }, known);
  const md = readAbility({ name: 'Mighty Destroyers', timing: mdTiming, declare: MD_DECLARE, effect: MD, source: 'battleTrait' }, known);
  const r = roster('p1', [wallop], [], [md]) as { units: { warscroll: { keywords: string[] } }[] } & RosterInput;
  for (const u of r.units) u.warscroll.keywords = [...u.warscroll.keywords, 'IRONJAWZ'];
  return r;
}

describe("Wallop 'Em and Mighty Destroyers on the kit (p1's Shaman at (10, 20), Gutrippaz at (14, 15), Hobgrots at (10, 28) wholly within 12\")", () => {
  const start = () => {
    const port = tablePortAt({ 'p1-gits': [10, 28] });
    return { port, s: gameAtHero(p1Ironjawz(), roster('p2'), port) };
  };
  const md = (targets: string[]) => ({ type: 'useAbility', player: 'p1', ability: 'Mighty Destroyers', targets }) as const;

  it('after Wallop \'Em on the Hobgrots, Mighty Destroyers takes the Gutrippaz and the Hobgrots: a 3" move for each', () => {
    const { port, s } = start();
    const s1 = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: "Get In There And Wallop 'Em!", targets: ['p1-gits'] }]).s;
    const r = play(s1, port, [md(['p1-boyz', 'p1-gits'])]);
    expect(r.s.units['p1-boyz'].turn.pendingMove).toMatchObject({ kind: 'ability', maxInches: 3 });
    expect(r.s.units['p1-gits'].turn.pendingMove).toMatchObject({ kind: 'ability', maxInches: 3 });
  });

  it('refused: two targets without Wallop \'Em; a second target that is not the unit Wallop \'Em picked; the picked unit as a third', () => {
    const { port, s } = start();
    expect(refused(s, port, md(['p1-boyz', 'p1-gits']))).toMatchObject({ rule: 'Mighty Destroyers: Declare', reason: expect.stringContaining('picks 1 unit(s); 2 given') });
    const s1 = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: "Get In There And Wallop 'Em!", targets: ['p1-gits'] }]).s;
    expect(refused(s1, port, md(['p1-gits', 'p1-boyz'])).reason).toContain('2 given');
    expect(refused(s1, port, md(['p1-boyz', 'p1-hero', 'p1-gits'])).reason).toContain('3 given');
    // One target alone still works.
    expect(play(s1, port, [md(['p1-hero'])]).s.units['p1-hero'].turn.pendingMove).toMatchObject({ maxInches: 3 });
  });

  it('options: no second-target entry before Wallop \'Em; after it, one per unit Mighty Destroyers can pick with the Hobgrots added, each accepted', () => {
    const { port, s } = start();
    const second = (st: typeof s) => generalAbilityOptions(st, port).filter((e) => e.group === 'ability:Mighty Destroyers|second target');
    expect(second(s)).toEqual([]);
    const s1 = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: "Get In There And Wallop 'Em!", targets: ['p1-gits'] }]).s;
    const mine = second(s1);
    expect(mine.map((e) => (e.action as { targets?: readonly string[] }).targets)).toEqual([
      ['p1-hero', 'p1-gits'],
      ['p1-boyz', 'p1-gits'],
    ]);
    for (const e of mine) expect(play(s1, port, [e.action]).s.units['p1-gits'].turn.pendingMove).toMatchObject({ maxInches: 3 });
  });
});
