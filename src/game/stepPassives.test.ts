import { describe, expect, it } from 'vitest';
import { KB, ability, gameAtHero, roster, tablePortAt, timing } from '../rules/engine/abilityKit.test-helpers';
import { stepOfGroup, stepPassives, withStepPassives, type StepPassive } from './stepPassives';

// Real passive texts of kb-001-all-units (Kruleboyz).
const venom = ability({ name: 'Venom-encrusted Weapons', timing: timing('Passive', 'passive', 'any'), effect: "If an unmodified hit roll for an attack made with this unit's weapons is 6, that attack scores 2 hits on the target instead of 1.", resolves: null });
const sneaky = ability({ name: "Sneaky Sneakin'", timing: timing('Passive', 'passive', 'any'), effect: 'This unit can use RETREAT abilities even if it is in combat, and it can move through the combat ranges of enemy units when it retreats.', resolves: null });

describe('stepPassives: the passives that could matter at an attack, charge or move (ABILITIES.md, Core 5.4)', () => {
  const port = tablePortAt();
  const s = gameAtHero(roster('p1', [], [venom, sneaky]), roster('p2', [KB.powerOfKragnos]), port);

  it("an attack lists the attacker's and the target's passives that speak of attacks, with who applies them", () => {
    expect(stepPassives(s, 'attack', 'p1-boyz', 'p2-hero')).toEqual([
      { name: 'Venom-encrusted Weapons', effect: venom.effect, unit: 'Gutrippaz', auto: false },
      // Power of Kragnos: "have WARD (6+) while wholly within 12"": a ward matters to an attack, and the engine applies it.
      { name: 'Power of Kragnos', effect: KB.powerOfKragnos.effect, unit: 'Swampcalla Shaman', auto: true },
    ]);
  });

  it("a move lists Sneaky Sneakin' (it speaks of retreating), not the venom; a charge lists neither", () => {
    expect(stepPassives(s, 'move', 'p1-boyz').map((p) => p.name)).toEqual(["Sneaky Sneakin'"]);
    expect(stepPassives(s, 'charge', 'p1-boyz')).toEqual([]);
  });

  it('options get passives only on attack, charge and move steps', () => {
    expect([stepOfGroup('shoot'), stepOfGroup('fightProfile'), stepOfGroup('charge'), stepOfGroup('retreat'), stepOfGroup('command:rally'), stepOfGroup('ability:x')]).toEqual(['attack', 'attack', 'charge', 'move', null, null]);
    const entries: { group: string; target?: string; passives?: StepPassive[] }[] = [{ group: 'fight', target: 'p2-gits' }, { group: 'command:rally' }, { group: 'charge' }];
    const out = withStepPassives(s, 'p1-boyz', entries);
    expect(out[0].passives?.map((p) => p.name)).toEqual(['Venom-encrusted Weapons']);
    expect(out[1].passives).toBeUndefined();
    expect(out[2].passives).toBeUndefined();
  });
});
