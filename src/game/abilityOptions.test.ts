import { describe, expect, it } from 'vitest';
import { KB, ability, gameAtHero, play, roster, tablePortAt, timing, toPhase } from '../rules/engine/abilityKit.test-helpers';
import { summarize } from './session/summary';
import { byHandOptions } from './byHandOptions';
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

describe('issue 34 item 3: army abilities in options and the summary', () => {
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [15, 15], 'p1-gits': [40, 40] });
  /** kb-001: two Skaregob Totems, each with "Up We Go!" (by hand; its Declare is not read, so no picks). */
  const upWeGo = (n: string) =>
    ability({
      id: `${n}:up-we-go`,
      name: 'Up We Go!',
      timing: timing('Your Hero Phase', 'hero', 'your'),
      declare: 'If this terrain feature does not have a Shouty Boss , pick a friendly Kruleboyz Infantry Hero that is not in combat and is within 3" of it to be the target.',
      effect: "Place the target on this terrain feature. The target is now a Shouty Boss (see 'Man da Tower').",
      usedBy: `the player, through the faction terrain feature "Skaregob Totem" (${n})`,
    });
  const warDrums = ability({ name: 'War Drums', source: 'battleTrait', timing: timing('Once Per Turn (Army), Your Hero Phase', 'hero', 'your', { per: 'turn', army: true }), effect: 'Gain 1 command point.', resolves: [{ cp: 1 }] });

  it('"Up We Go!" of two terrain features: two entries told apart by the feature, each accepted by the engine', () => {
    const s = gameAtHero(roster('p1', [], [], [upWeGo('skaregob-totem'), upWeGo('skaregob-totem-2')]), roster('p2'), port);
    const g = generalAbilityOptions(s, port).filter((e) => e.ability.name === 'Up We Go!');
    expect(g.map((e) => e.label)).toEqual(['Up We Go! (Your Hero Phase, Skaregob Totem (skaregob-totem))', 'Up We Go! (Your Hero Phase, Skaregob Totem (skaregob-totem-2))']);
    expect(new Set(g.map((e) => e.group)).size).toBe(2);
    for (const e of g) expect(reduce(s, e.action, port).ok).toBe(true);
  });

  it('an army ability used is marked in the summary (armyAbilitiesUsed), for this turn only', () => {
    const s0 = gameAtHero(roster('p1', [], [], [warDrums]), roster('p2'), port);
    const ctx = { moved: new Set<string>(), shot: new Set<string>(), board: { positions: {}, removed: [], addedObjectives: [] }, actions: 0, undo: { ok: true } as const, replay: null };
    expect(summarize(s0, port, ctx).armyAbilitiesUsed).toBeUndefined();
    const s = play(s0, port, [{ type: 'useAbility', player: 'p1', ability: 'War Drums' }]).s;
    expect(summarize(s, port, ctx).armyAbilitiesUsed).toEqual({ p1: ['War Drums'] });
    const next = toPhase(toPhase(s, port, 'endOfTurn'), port, 'hero');
    expect(next.active).toBe('p2');
    expect(summarize(next, port, ctx).armyAbilitiesUsed).toBeUndefined();
  });

  it('Foul Elixirs (by hand) with its Declare\'s pick: one entry per unit it can pick; used on one, the by-hand dialog names that unit', () => {
    const s0 = gameAtHero(roster('p1', [KB.foulElixirs]), roster('p2'), port);
    const o = unitAbilityOptions(s0, port, 'p1-hero').filter((e) => e.ability.name === 'Foul Elixirs');
    // "a friendly KRULEBOYZ INFANTRY unit wholly within 12"": the shaman and the Gutrippaz, not the Slittaz 30" away.
    expect(o.map((e) => [e.target, e.available, e.label])).toEqual([
      ['p1-hero', true, 'Foul Elixirs (Once Per Turn (Army), Your Hero Phase) → p1-hero'],
      ['p1-boyz', true, 'Foul Elixirs (Once Per Turn (Army), Your Hero Phase) → p1-boyz'],
    ]);
    const s = play(s0, port, [o[1].action]).s;
    expect(byHandOptions(s)).toEqual([expect.objectContaining({ label: 'Resolve Foul Elixirs by hand', byHand: expect.objectContaining({ units: [{ id: 'p1-hero', name: 'Swampcalla Shaman', role: 'self' }, { id: 'p1-boyz', name: 'Gutrippaz', role: 'target' }] }) })]);
  });
});
