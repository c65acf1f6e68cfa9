import { describe, expect, it } from 'vitest';
import { KB, ability, gameAtHero, play, roster, tablePortAt, timing } from '../rules/engine/abilityKit.test-helpers';
import { generalAbilityOptions, unitAbilityOptions } from './abilityOptions';
import { reduce } from '../rules/engine/reduce';

describe('abilityOptions: the abilities whose window is open (ABILITIES.md "Play")', () => {
  // The Gutrippaz 5" from the shaman (wholly within 12"), the Slittaz 30" away.
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [15, 15], 'p1-gits': [40, 40] });
  const warDrums = ability({ name: 'War Drums', source: 'battleTrait', timing: timing('Once Per Battle Round (Army), Your Hero Phase', 'hero', 'your', { per: 'round', army: true }), effect: 'Gain 1 command point.', resolves: [{ cp: 1 }] });
  const s0 = gameAtHero(roster('p1', [KB.sludgeraker, KB.foulElixirs, KB.powerOfKragnos], [], [warDrums, KB.chokingMist]), roster('p2'), port);

  it('one entry per unit the Declare can pick, measured on the table; passives not offered; lore spells as cast', () => {
    const o = unitAbilityOptions(s0, port, 'p1-hero');
    const sludge = o.filter((e) => e.ability.name === 'Sludgeraker Venom');
    expect(sludge.map((e) => e.target).sort()).toEqual(['p1-boyz', 'p1-hero']); // not p1-gits (30" away, not KRULEBOYZ)
    expect(sludge.every((e) => e.available && e.action.type === 'useAbility')).toBe(true);
    expect(o.some((e) => e.ability.name === 'Power of Kragnos')).toBe(false);
    expect(o.find((e) => e.ability.name === 'Foul Elixirs')?.ability.auto).toBe(false); // resolved by hand
    // Choking Mist: "a visible enemy unit within 12"": none is, so it is listed, not available, with the Declare's reason.
    expect(o.filter((e) => e.action.type === 'cast')).toEqual([expect.objectContaining({ available: false, rejectedBy: 'Choking Mist: Declare', reason: expect.stringContaining('no unit can be picked') })]);
    // Every available entry is accepted by the engine.
    for (const e of o.filter((x) => x.available)) expect(reduce(s0, e.action, port).ok).toBe(true);
  });

  it('used: available false, naming the limit (Core 28.2); the player\'s own abilities in the general options', () => {
    const s = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-boyz'] }]).s;
    expect(unitAbilityOptions(s, port, 'p1-hero').find((e) => e.ability.name === 'Foul Elixirs')).toMatchObject({ available: false, rejectedBy: 'Core 28.2', reason: expect.stringContaining('Once Per Turn (Army)') });
    const g = generalAbilityOptions(s, port);
    expect(g).toEqual([expect.objectContaining({ available: true, action: { type: 'useAbility', player: 'p1', ability: 'War Drums' } })]);
    const after = play(s, port, [g[0].action]).s;
    expect(generalAbilityOptions(after, port)[0]).toMatchObject({ available: false, rejectedBy: 'Core 28.2' });
    // p2 has nothing open in p1's hero phase.
    expect(unitAbilityOptions(s0, port, 'p2-hero')).toEqual([]);
  });
});
