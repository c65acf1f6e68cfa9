/**
 * Bench of the army abilities in the options (issue 34, "Options with 20 units and their
 * abilities: 100 ms or less per unit"): the sample hot-seat game on its real table, each army
 * grown to 10 units (20 in all), every unit carrying 8 abilities written from real Kruleboyz texts
 * (a Declare pick with a range, once-per (Army), a reaction, a passive aura measured on the table,
 * one resolved by hand, ...) and each army 3 of its own (a battle trait, a lore spell, a prayer).
 * `options` of every p1 unit in p1's hero phase and (session 37) in its combat phase, median per
 * unit, against the same game without abilities in the same process (ratio), so the machine's load
 * cancels out. The same games against a baseline checkout: `bench/optionsCopy.ts`.
 *
 * `npm run bench` (or `tsx src/cli/benchAbilities.ts`): prints JSON.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { readBundledNode } from '../game/node';
import { GameSession, type TableGameInput } from '../game/session';
import { hotseatSetup } from '../../workers/gameSetup';
import type { Ability } from '../rules/abilities/schema';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number) => Number(n.toFixed(n < 10 ? 2 : 1));

const t = (text: string, when: Ability['timing']['when'], whose: Ability['timing']['whose'], limit?: Ability['timing']['limit'], reaction?: string): Ability['timing'] => ({ text, when, whose, ...(limit ? { limit } : {}), ...(reaction ? { reaction } : {}) });

/** Eight abilities of the shapes real rosters hold (texts from kb-001-all-units). */
function unitAbilitySet(i: number): Ability[] {
  const a = (x: Omit<Ability, 'id' | 'source' | 'keywords'> & Partial<Ability>): Ability => ({ id: `${x.name}-${i}`, source: 'warscroll', keywords: [], ...x });
  return [
    a({ name: 'Sludgeraker Venom', timing: t('Your Hero Phase', 'hero', 'your'), declare: 'Pick a friendly unit wholly within 12" of this unit to be the target.', effect: 'That unit has the SLUDGERAKER VENOM keyword for the rest of the turn.', picks: [{ kind: 'friendlyUnit', within: 12, wholly: true }], resolves: [{ keyword: 'SLUDGERAKER VENOM', add: true, targets: 'targets', duration: 'turn' }] }),
    a({ name: 'Foul Elixirs', timing: t('Once Per Turn (Army), Your Hero Phase', 'hero', 'your', { per: 'turn', army: true }), declare: 'Pick a friendly unit wholly within 12" of this unit to be the target.', effect: 'Roll a dice. On a 2+, add 1 to save rolls for the target for the rest of the turn. On a 1, inflict D3 mortal damage on the target.', picks: [{ kind: 'friendlyUnit', within: 12, wholly: true }], resolves: null }),
    a({ name: 'Breath of the Mire-drakes', timing: t('Any Combat Phase', 'combat', 'any'), declare: 'Pick each enemy unit in combat with this unit to be the targets.', effect: 'Roll a dice for each target...', picks: [{ kind: 'enemyUnit', inCombat: true }], resolves: null }),
    a({ name: 'Hacka Frenzy', timing: t('Reaction: You declared a FIGHT ability for this unit', 'reaction', 'your', undefined, 'You declared a **^^Fight^^** ability for this unit'), declare: null, effect: 'Add 1 to hit rolls for this unit this phase.', resolves: [{ modify: 'hit', by: 1 }] }),
    a({ name: 'Power of Kragnos', timing: t('Passive', 'passive', 'any'), declare: null, effect: 'Friendly units have WARD (6+) while they are wholly within 12" of this unit.', resolves: [{ ward: 6, targets: 'friendly', while: { within: 12, of: 'self', wholly: true } }] }),
    a({ name: 'Spiteful Shots', timing: t('Once Per Phase, Your Shooting Phase', 'shooting', 'your', { per: 'phase' }), declare: 'Pick a visible enemy unit within 18" of this unit to be the target.', effect: 'Inflict D3 mortal damage on the target.', picks: [{ kind: 'enemyUnit', within: 18, visible: true }], resolves: [{ mortal: 'D3', targets: 'targets' }] }),
    a({ name: 'Sneaky Sneakin\'', timing: t('Once Per Turn (Army), Any Hero Phase', 'hero', 'any', { per: 'turn', army: true }), declare: 'Pick a friendly unit that is not in combat to be the target.', effect: 'Remove the target from the battlefield and set it up again wholly within 3" of a terrain feature and more than 9" from all enemy units.', picks: [{ kind: 'friendlyUnit', inCombat: false }], resolves: null }),
    a({ name: 'Lurking Vulcha', timing: t('End of Your Turn', 'endOfTurn', 'your'), declare: null, effect: 'Heal (1) this unit.', resolves: [{ heal: 1 }] }),
  ];
}

function armyAbilitySet(p: string): Ability[] {
  return [
    { id: `${p}-drums`, name: 'War Drums', source: 'battleTrait', timing: t('Once Per Battle Round (Army), Your Hero Phase', 'hero', 'your', { per: 'round', army: true }), declare: null, effect: 'Gain 1 command point.', keywords: [], resolves: [{ cp: 1 }] },
    { id: `${p}-mist`, name: 'Choking Mist', source: 'spell', timing: t('Your Hero Phase', 'hero', 'your'), castingValue: 7, declare: 'Pick a visible enemy unit within 12" of the caster to be the target.', effect: "Subtract 1 from the Attacks characteristic of the target's weapons until the start of your next turn.", keywords: ['SPELL'], picks: [{ kind: 'enemyUnit', within: 12, visible: true }], resolves: [{ modify: 'attacks', by: -1, targets: 'targets', duration: 'nextTurnStart' }] },
    { id: `${p}-pit`, name: 'Da Black Pit', source: 'spell', timing: t('Your Hero Phase', 'hero', 'your'), castingValue: 5, declare: 'Pick a visible enemy unit within 18" of the caster to be the target.', effect: 'Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage on the target.', keywords: ['SPELL', 'UNLIMITED'], picks: [{ kind: 'enemyUnit', within: 18, visible: true }], resolves: [{ mortal: 1, on: '6+', each: 'model', targets: 'targets' }] },
  ];
}

type RosterLike = { units: { id: string; name: string; warscroll: { keywords: string[]; abilities?: Ability[] }; models: { id: string }[] }[]; auxiliaries?: string[]; abilities?: Ability[] };

/** The hot-seat armies grown to 10 units each (clones join as auxiliaries), with or without abilities. */
export function armies(withAbilities: boolean): TableGameInput['armies'] {
  const base = hotseatSetup(7);
  const grow = (roster: unknown, p: string): unknown => {
    const r = structuredClone(roster) as RosterLike;
    const plain = r.units.filter((u) => !u.warscroll.keywords.includes('HERO'));
    for (let k = 0; r.units.length < 10; k++) {
      const u = plain[k % plain.length];
      r.units.push({ ...structuredClone(u), id: `${u.id}-c${k}`, name: `${u.name} ${k}`, models: u.models.map((m) => ({ ...m, id: `${m.id}-c${k}` })) });
      r.auxiliaries = [...(r.auxiliaries ?? []), `${u.id}-c${k}`];
    }
    if (withAbilities) {
      r.units.forEach((u, i) => (u.warscroll.abilities = unitAbilitySet(i)));
      r.abilities = armyAbilitySet(p);
    }
    return r;
  };
  return { p1: { ...base.armies.p1, roster: grow(base.armies.p1.roster, 'p1') as never }, p2: { ...base.armies.p2, roster: grow(base.armies.p2.roster, 'p2') as never } };
}

/** The game at p1's `phase` (hero or combat) of battle round 1. */
async function game(withAbilities: boolean, phase: 'hero' | 'combat' = 'hero'): Promise<GameSession> {
  const api = new GameSession({ readBundled: readBundledNode });
  const setup = hotseatSetup(7);
  const r = await api.startOnTable({ ...setup, scenario: { ...(setup.scenario as object), units: [] }, armies: armies(withAbilities) });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  const x = api.act({ type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
  if (!x.ok) throw new Error(x.reason);
  while (api.state().phase !== phase) {
    const y = api.act({ type: 'endPhase', player: 'p1' });
    if (!y.ok) throw new Error(y.reason);
  }
  return api;
}

/** Median `options` time of each p1 unit, over `rounds` rounds, ms; and the number of ability entries. */
function optionsTimes(api: GameSession, rounds: number): { perUnit: number[]; abilityEntries: number } {
  const ids = api.summary().units.filter((u) => u.owner === 'p1').map((u) => u.id);
  const ms: number[][] = ids.map(() => []);
  let abilityEntries = 0;
  for (let k = 0; k < rounds; k++) {
    ids.forEach((id, i) => {
      const t0 = performance.now();
      const o = api.options(id);
      ms[i].push(performance.now() - t0);
      if (k === 0 && o.ok) abilityEntries += o.entries.filter((e) => e.group.startsWith('ability:')).length;
    });
  }
  return { perUnit: ms.map(median), abilityEntries };
}

/** The figures: per-unit medians with and without abilities, in the hero phase, and their ratio. */
export async function abilityFigures(rounds = 5): Promise<Record<string, unknown>> {
  const plain = await game(false);
  const rich = await game(true);
  optionsTimes(plain, 1);
  optionsTimes(rich, 1);
  const a = optionsTimes(plain, rounds);
  const b = optionsTimes(rich, rounds);
  const worst = Math.max(...b.perUnit);
  // The combat phase: every Fight probe asks each unit's STRIKE-FIRST / STRIKE-LAST (auras measured, session 37).
  const plainCombat = await game(false, 'combat');
  const richCombat = await game(true, 'combat');
  optionsTimes(plainCombat, 1);
  optionsTimes(richCombat, 1);
  const ac = optionsTimes(plainCombat, rounds);
  const bc = optionsTimes(richCombat, rounds);
  return {
    abilityOptions: {
      note: 'options of each p1 unit in p1\'s hero phase, 20 units on the table, 8 abilities per unit + 3 per army; median per unit, ms',
      units: rich.summary().units.length,
      abilityEntriesOffered: b.abilityEntries,
      withoutAbilitiesMedianMs: fmt(median(a.perUnit)),
      withAbilitiesMedianMs: fmt(median(b.perUnit)),
      withAbilitiesWorstUnitMs: fmt(worst),
      ratio: fmt(median(b.perUnit) / median(a.perUnit)),
      target: 100,
      met: worst <= 100,
      combatPhase: {
        withoutAbilitiesMedianMs: fmt(median(ac.perUnit)),
        withAbilitiesMedianMs: fmt(median(bc.perUnit)),
        withAbilitiesWorstUnitMs: fmt(Math.max(...bc.perUnit)),
        ratio: fmt(median(bc.perUnit) / median(ac.perUnit)),
        met: Math.max(...bc.perUnit) <= 100,
      },
      loadAverage: loadavg().map((x) => fmt(x)),
    },
  };
}

if (process.argv[1] && /benchAbilities\.ts$/.test(process.argv[1])) {
  abilityFigures().then(
    (f) => console.log(JSON.stringify(f, null, 2)),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
