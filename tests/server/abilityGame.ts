/**
 * A sample battle where p1 uses every kind of effect of the ability vocabulary (ABILITIES.md "The
 * effect vocabulary") in its first hero phase, and resolves one ability by hand: the armies of the
 * hot-seat game with five abilities added to the Lord-Celestant's warscroll (each resolving several
 * kinds of effect) and one left to the player. Shared by the cross-transport test and the
 * in-process check of the effects (`abilityGame.test.ts`).
 */
import { hotseatSetup } from '../../workers/gameSetup';
import type { Ability, AbilityEffect } from '../../src/rules/abilities/schema';
import type { Action } from '../../src/rules/engine/state';
import type { TableGameInput } from '../../src/game/session';

const hero = (name: string, resolves: AbilityEffect[] | null, effect: string): Ability => ({
  id: name.toLowerCase().replace(/[^a-z]+/g, '-'),
  name,
  source: 'warscroll',
  timing: { text: 'Your Hero Phase', when: 'hero', whose: 'your' },
  declare: null,
  effect,
  keywords: [],
  resolves,
});

/** The abilities, with every effect kind among them (16 kinds) and one by hand. */
export const EFFECT_ABILITIES: Ability[] = [
  hero('Rallying Cry', [{ modify: 'hit', by: 1, duration: 'turn' }, { set: 'control', to: 5, duration: 'turn' }, { ward: 5, duration: 'turn' }, { reroll: 'wound', which: 'ones', duration: 'turn' }], 'Add 1 to hit rolls, control score 5, Ward (5+), re-roll wound rolls of 1 for this unit this turn.'),
  hero('Storm Blast', [{ mortal: 'D3', targets: ['sk-clanrats'] }, { heal: 1 }, { returnModels: 1, targets: ['sce-liberators'] }], 'Inflict D3 mortal damage on the Clanrats; Heal (1) this unit; return 1 slain model to the Liberators.'),
  hero('Lightning Tactics', [{ strike: 'first', duration: 'turn' }, { keyword: 'THUNDERSTRUCK', add: true, duration: 'turn' }, { mayShootInCombat: true, duration: 'turn' }, { mayChargeAfter: 'run', duration: 'turn' }], 'This unit has STRIKE-FIRST and THUNDERSTRUCK, can shoot in combat and charge after running this turn.'),
  hero('Heralds of Victory', [{ cp: 1 }, { vp: 1 }, { note: 'The heralds sound.' }, { move: 'normal', inches: 3 }], 'Gain 1 command point and 1 victory point; this unit can make a 3" move.'),
  hero('Call to the Heavens', [{ setUp: 'reserve', targets: ['sce-prosecutors'] }], 'Remove the Prosecutors from the battlefield and set them up in reserve.'),
  hero('Arcane Ritual', null, 'Something the engine does not read.'),
];

/** The hot-seat game (seed 7) with the abilities on p1's Lord-Celestant. */
export function abilityGameSetup(): TableGameInput {
  const s = hotseatSetup(7);
  const roster = structuredClone(s.armies.p1.roster) as { units: { id: string; warscroll: { abilities?: Ability[] } }[] };
  roster.units.find((u) => u.id === 'sce-lord')!.warscroll.abilities = structuredClone(EFFECT_ABILITIES);
  return { ...s, armies: { ...s.armies, p1: { ...s.armies.p1, roster: roster as never } } };
}

/** The actions: p1 takes the first turn, uses the five abilities and the one by hand in its hero phase, then ends it. */
export function abilityGameActions(): Action[] {
  const use = (ability: string): Action => ({ type: 'useAbility', player: 'p1', unitId: 'sce-lord', ability });
  return [
    { type: 'chooseFirstTurn', player: 'p1', first: 'p1' },
    { type: 'endPhase', player: 'p1' },
    use('rallying-cry'),
    use('storm-blast'),
    use('lightning-tactics'),
    use('heralds-of-victory'),
    use('call-to-the-heavens'),
    use('arcane-ritual'),
    { type: 'resolveByHand', player: 'p1', ability: 'arcane-ritual', effects: [{ cp: 1 }] },
    { type: 'endPhase', player: 'p1' },
  ];
}
