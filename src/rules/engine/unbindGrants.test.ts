/**
 * Unbinding through an ability (issue 34, session 37; `unbindGrants.ts`). Magic 4.0 'Unbind'
 * (Reaction: Opponent declared a SPELL ability): "Pick a friendly WIZARD within 30" of the caster
 * ... make an unbinding roll of 2D6. If the roll exceeds the casting roll, the spell is unbound".
 * Real texts: Spell-eaters (Myrmourn Banshees, nh-001: the reaction must come before the spell
 * resolves, while it waits for the unbinding roll), Screamin' Mandrakk (Gobsprakk, kb-001), Warrior
 * Mages (Evocators, sce-002, a passive); the test army's KRULEBOYZ in place of NIGHTHAUNT. Dice scripted.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, KB } from './abilityKit.test-helpers';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';
import { parseEffect } from '../abilities/parseEffect';

const text = 'Opponent declared a Spell ability';
const reaction = (name: string, effect: string) => ability({ name, timing: timing(`Reaction: ${text}`, 'reaction', 'enemy', undefined, text), effect });
const spellEaters = reaction('Spell-eaters', "If a friendly Kruleboyz unit wholly within 12\" of this unit was picked to be the target of that spell, this unit can use the 'Unbind' ability as if it had Wizard (1). Add 1 to the unbinding roll for that ability. If the spell is unbound, inflict D3 mortal damage on the caster");
const mandrakk = reaction("Screamin' Mandrakk", "This unit uses the 'Unbind' ability but the unbinding roll is 3D6 instead of 2D6.");
const WARRIOR_MAGES = 'This unit can use Unbind abilities as if it had Wizard (1).';
const passive = timing('Passive', 'passive', 'any');
const warriorMages = ability({ name: 'Warrior Mages', timing: passive, effect: WARRIOR_MAGES, resolves: parseEffect({ declare: null, effect: WARRIOR_MAGES, timing: passive, knownKeywords: [] }).resolves });

/** The roster with abilities on its Hobgrot Slittaz (INFANTRY, not a WIZARD). */
function withGits(r: RosterInput, abilities: Ability[]): RosterInput {
  const out = structuredClone(r) as RosterInput & { units: { id: string; warscroll: { abilities?: Ability[] } }[] };
  out.units.find((u) => u.id.endsWith('-gits'))!.warscroll.abilities = abilities;
  return out;
}

// p1's Shaman casts Choking Mist (CV 7) on p2's Gutrippaz 8" away; p2's Hobgrots 3" behind them, 11" from the Shaman.
const port = tablePortAt({ 'p1-hero': [12, 15], 'p2-boyz': [20, 15], 'p2-hero': [21, 22], 'p2-gits': [23, 15] });
const cast = { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-boyz' } as const;

describe("Spell-eaters: \"this unit can use the 'Unbind' ability as if it had Wizard (1). Add 1 to the unbinding roll\"", () => {
  it('before the reaction the Hobgrots cannot unbind (not a WIZARD); after it they do: 4 + 4 + 1 = 9 exceeds the casting roll 4 + 4 = 8: unbound', () => {
    const s = play(gameAtHero(roster('p1', [], [], [KB.chokingMist]), withGits(roster('p2'), [spellEaters]), port, [4, 4, 4, 4]), port, [cast]).s;
    expect(refused(s, port, { type: 'unbind', player: 'p2', unitId: 'p2-gits' })).toMatchObject({ rule: 'Magic 4.0', reason: expect.stringContaining('not a WIZARD') });
    const r = play(s, port, [{ type: 'useAbility', player: 'p2', unitId: 'p2-gits', ability: 'Spell-eaters' }]);
    expect(r.events.find((e) => e.type === 'unbindGranted')).toMatchObject({ unitId: 'p2-gits', wizard: 1, add: 1, dice: 2, ability: 'Spell-eaters' });
    const u = play(r.s, port, [{ type: 'unbind', player: 'p2', unitId: 'p2-gits' }]);
    expect(u.events.find((e) => e.type === 'unbindRoll')).toMatchObject({ unitId: 'p2-gits', dice: [4, 4], roll: 9, castingRoll: 8, unbound: true, abilities: ['Spell-eaters'] });
    expect(u.s.pendingSpell).toBeNull();
  });
});

describe("Screamin' Mandrakk: \"the unbinding roll is 3D6 instead of 2D6\"", () => {
  it("the Shaman (a WIZARD) unbinds with 3 dice: 1 + 3 + 5 = 9 exceeds 8 (2D6 would be 1 + 3 = 4)", () => {
    const s = play(gameAtHero(roster('p1', [], [], [KB.chokingMist]), roster('p2', [mandrakk]), port, [4, 4, 1, 3, 5]), port, [cast, { type: 'useAbility', player: 'p2', unitId: 'p2-hero', ability: "Screamin' Mandrakk" }]).s;
    const u = play(s, port, [{ type: 'unbind', player: 'p2', unitId: 'p2-hero' }]);
    expect(u.events.find((e) => e.type === 'unbindRoll')).toMatchObject({ dice: [1, 3, 5], roll: 9, unbound: true });
  });

  it('without it: 2 dice, 1 + 3 = 4, not unbound', () => {
    const s = play(gameAtHero(roster('p1', [], [], [KB.chokingMist]), roster('p2'), port, [4, 4, 1, 3, 5]), port, [cast]).s;
    expect(play(s, port, [{ type: 'unbind', player: 'p2', unitId: 'p2-hero' }]).events.find((e) => e.type === 'unbindRoll')).toMatchObject({ dice: [1, 3], roll: 4, unbound: false });
  });
});

describe('Warrior Mages (a passive): "This unit can use Unbind abilities as if it had Wizard (1)"', () => {
  it('is read whole; the Hobgrots unbind with 2D6 (5 + 5 = 10 > 8), once per phase (Wizard (1), Magic 4.0)', () => {
    expect(warriorMages.resolves).toMatchObject([{ unbindAsWizard: 1 }]); // perm37's reading (parsePermissions.ts)
    const s = play(gameAtHero(roster('p1', [], [], [KB.chokingMist]), withGits(roster('p2'), [warriorMages]), port, [4, 4, 5, 5]), port, [cast]).s;
    const u = play(s, port, [{ type: 'unbind', player: 'p2', unitId: 'p2-gits' }]);
    expect(u.events.find((e) => e.type === 'unbindRoll')).toMatchObject({ unitId: 'p2-gits', roll: 10, unbound: true });
  });
});
