/**
 * The passive abilities that could matter at a step (ABILITIES.md "Passive abilities": those the
 * engine does not apply are shown "at the step where they could matter (an attack, a charge, a
 * move, a control check), in the Play panel, for the player to apply by hand"; Core 5.4). Each
 * attack, charge or move option of a unit gets `passives`: the passives of the unit (and, for an
 * attack, of its target) whose Effect speaks of what that step rolls or measures, each with
 * whether the engine applies it (`auto`) or the player must.
 *
 * Which passives "could matter" is read from the Effect's words (hit, wound, save, damage, … for an
 * attack; charge for a charge; move, run, retreat for a move): a list to read, never an effect
 * applied, so a passive listed that turns out not to matter costs a glance, not a wrong roll.
 *
 * @module
 */

import { unitAbilities } from '../rules/abilities/catalog';
import type { GameState } from '../rules/engine/state';
import { unitName } from './session/roster';

/** One passive shown beside an option: its name, Effect, whose it is (a unit's name) and whether the engine applies it. */
export interface StepPassive {
  name: string;
  effect: string;
  unit: string;
  auto: boolean;
}

const STEP_WORDS: Readonly<Record<string, RegExp>> = {
  attack: /\b(hit|wound|save|attacks?|damage|rend|ward|critical|crit|shoot|shooting|melee|ranged|weapons?)\b/i,
  charge: /\bcharg(e|es|ed|ing)\b/i,
  move: /\b(move|moves|moving|run|runs|retreat|retreats|fly)\b/i,
};

/** The step an option's group is: an attack, a charge or a move; null for the others. */
export function stepOfGroup(group: string): 'attack' | 'charge' | 'move' | null {
  if (/^(shoot|fight|shootProfile|fightProfile|pileIn)$/.test(group)) return 'attack';
  if (group === 'charge') return 'charge';
  if (/^(move|run|retreat)$/.test(group)) return 'move';
  return null;
}

/** The passives of `unitId` (and `targetId`, for an attack) whose Effect speaks of `step`. */
export function stepPassives(s: GameState, step: 'attack' | 'charge' | 'move', unitId: string, targetId?: string): StepPassive[] {
  const out: StepPassive[] = [];
  for (const id of targetId !== undefined && step === 'attack' ? [unitId, targetId] : [unitId]) {
    for (const a of unitAbilities(s, id)) {
      if (a.timing.when !== 'passive' || !STEP_WORDS[step].test(a.effect)) continue;
      out.push({ name: a.name, effect: a.effect, unit: unitName(s, id), auto: a.resolves !== null });
    }
  }
  return out;
}

/** `entries` with `passives` on each attack, charge or move option that has any. */
export function withStepPassives<E extends { group: string; target?: string; passives?: StepPassive[] }>(s: GameState, unitId: string, entries: E[]): E[] {
  return entries.map((e) => {
    const step = stepOfGroup(e.group);
    if (step === null) return e;
    const passives = stepPassives(s, step, unitId, e.target);
    return passives.length > 0 ? { ...e, passives } : e;
  });
}
