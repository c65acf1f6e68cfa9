/**
 * The battle log's lines for an army's abilities (ABILITIES.md "Play": "The log says 'by hand',
 * quotes the ability, and shows each effect and roll to both players"): the `useAbility` and
 * `resolveByHand` actions in words, and the engine's ability events (`engine/abilityUse.ts`:
 * declared, waiting to be resolved by hand, resolved by hand with the Effect quoted, each effect
 * applied or skipped, mortal damage, extra moves, set-up). Units by name, abilities by their name
 * as printed, effects in the words of `../abilityWords.ts`; the session turns any id left into
 * words afterwards (`playerWords`).
 *
 * @module
 */

import { abilityRule, armyAbilities, unitAbilities } from '../../rules/abilities/catalog';
import type { Ability, AbilityEffect } from '../../rules/abilities/schema';
import type { Action, GameState, PlayerId } from '../../rules/engine';
import { effectWords } from '../abilityWords';
import { unitName } from './roster';

/** An ability of `player` (their army's or any of their units') by its id; undefined when none has it. */
function abilityById(s: GameState, player: PlayerId, unitId: string | null | undefined, id: string): Ability | undefined {
  if (unitId) return unitAbilities(s, unitId).find((a) => a.id === id);
  const army = armyAbilities(s, player).find((a) => a.id === id);
  if (army) return army;
  for (const u of Object.keys(s.units)) {
    if (s.units[u].owner !== player) continue;
    const a = unitAbilities(s, u).find((x) => x.id === id);
    if (a) return a;
  }
  return undefined;
}

/** `“text”`, trimmed, with no line breaks. */
const quote = (t: string) => `“${t.replace(/\s+/g, ' ').trim()}”`;

/** The action line of `useAbility` / `resolveByHand`, with its rule; null for other actions. */
export function abilityActionLine(s: GameState, a: Action): { text: string; rule: string } | null {
  const n = (id: string) => unitName(s, id);
  if (a.type === 'useAbility') {
    const ab = abilityById(s, a.player, a.unitId, a.ability);
    const name = ab?.name ?? a.ability;
    const targets = [...(a.targets ?? []), ...('target' in a && typeof a.target === 'string' ? [a.target] : [])];
    const by = a.unitId !== undefined ? n(a.unitId) : a.player;
    return { text: `${by} uses ${name}${ab ? ` (${ab.timing.text})` : ''}${targets.length ? ` on ${targets.map(n).join(', ')}` : ''}${a.choice !== undefined ? `: ${a.choice}` : ''}`, rule: ab ? abilityRule(ab) : 'Core 5.2' };
  }
  if (a.type === 'resolveByHand') {
    const ab = abilityById(s, a.player, undefined, a.ability);
    return { text: `${a.player} resolves ${ab?.name ?? a.ability} by hand (${a.effects.length === 0 ? 'no effect this time' : `${a.effects.length} ${a.effects.length === 1 ? 'effect' : 'effects'}`})`, rule: 'Core 5.2' };
  }
  return null;
}

/** The log line of an ability event, with its rule; null for events that are not an ability's. */
export function abilityEventLine(s: GameState, ev: Record<string, unknown>): { text: string; rule: string } | null {
  const n = (id: unknown) => unitName(s, String(id));
  const name = typeof ev.name === 'string' ? ev.name : typeof ev.ability === 'string' ? (abilityName(s, ev.ability) ?? ev.ability) : 'an ability';
  switch (ev.type) {
    case 'abilityAwaitsByHand':
      return { text: `${name} is resolved by hand: ${quote(String(ev.effect ?? ''))}`, rule: 'Core 5.2' };
    case 'abilityResolvedByHand': {
      const effects = (ev.effects as AbilityEffect[] | undefined) ?? [];
      return { text: `By hand: ${name} ${quote(String(ev.effect ?? ''))}${effects.length === 0 ? ': no effect this time' : ''}`, rule: 'Core 5.2' };
    }
    case 'abilityEffect': {
      const e = ev.effect as AbilityEffect;
      const units = (ev.units as string[] | undefined) ?? [];
      const by = ev.byHand ? ' (by hand)' : '';
      if (ev.applied === false) return { text: `${name}${by}: ${effectWords(e, n, [])}: no unit it applies to`, rule: String(ev.rule ?? 'Core 5.2') };
      return { text: `${name}${by}: ${effectWords(e, n, 'cp' in e || 'vp' in e || 'note' in e ? [] : units)}`, rule: String(ev.rule ?? 'Core 5.2') };
    }
    case 'abilityEffectSkipped':
      return { text: `${name}: not applied to ${n(ev.unitId)} (${ev.why})`, rule: 'Core 5.4' };
    case 'abilityMortal':
      return { text: `${n(ev.unitId)} suffers ${ev.amount} mortal damage from ${name}${Array.isArray(ev.dice) && ev.dice.length ? ` (rolled ${(ev.dice as number[]).join(' ')})` : ''}`, rule: 'Core 17.2' };
    case 'abilitySlay': {
      const test = ev.test === 'exceeds' ? 'more than' : ev.test === 'double' ? 'at least double' : 'at least';
      const what = Number(ev.count) === 0 ? 'no model is slain' : ev.slay === 'unit' ? 'the unit is destroyed' : `${String(ev.count)} ${Number(ev.count) === 1 ? 'model is' : 'models are'} slain`;
      return { text: `${name} rolls ${Array.isArray(ev.rolls) ? (ev.rolls as number[]).join(' ') : ''} against ${n(ev.unitId)}'s Health ${String(ev.health)} (needs ${test}): ${what}`, rule: 'Core 18.3' };
    }
    case 'abilityMove':
      return { text: `${n(ev.unitId)} may make a ${ev.moveAs === 'pileIn' ? 'pile-in' : ev.moveAs} move of up to ${ev.maxInches}" (${name})`, rule: 'Core 15.0' };
    case 'modelsReturned':
      return { text: `${n(ev.unitId)}: ${Array.isArray(ev.returned) ? ev.returned.length : ev.returned} slain ${Array.isArray(ev.returned) && ev.returned.length === 1 ? 'model returns' : 'models return'} (${name})`, rule: 'Core 18.5' };
    case 'removedToReserve':
      return { text: `${n(ev.unitId)} is removed from the battlefield, to be set up again (${name})`, rule: 'Core 24.1' };
    case 'setUpByAbility':
      return { text: `${n(ev.unitId)} is set up on the battlefield (${name})`, rule: 'Core 24.1' };
    case 'fightNextGranted':
      return { text: `${n(ev.unitId)} can be picked to fight immediately after ${n(ev.after)}'s Fight ability has been resolved (${name})`, rule: 'Core 13.1' };
    case 'fightNextDeclined':
      return { text: `${ev.player} does not pick ${n(ev.unitId)} to fight now (${name})`, rule: 'Core 13.1' };
    // Session 38 (ab38d, engine/cancel38.ts): an ability waiting for "that ability has no effect on this unit" reactions.
    case 'abilityWaitsForReactions':
      return { text: `${name} waits for reactions before it is resolved (${((ev.reactions as string[] | undefined) ?? []).map((r) => { const [u, ...rest] = r.split(': '); return `${n(u)}: ${rest.join(': ')}`; }).join(', ')}); it is resolved at the next action or pass`, rule: 'Core 5.2' };
    case 'abilityResolvesAfterReactions':
      return { text: `${name} is resolved${Array.isArray(ev.exempt) && ev.exempt.length > 0 ? `, with no effect on ${(ev.exempt as string[]).map(n).join(', ')}` : ''}`, rule: 'Core 5.2' };
    case 'abilityIgnored':
      return { text: `${n(ev.unitId)}: the ability it reacted to has no effect on it (${String(ev.by)})`, rule: 'Core 5.2' };
    default:
      return null;
  }
}

/** An ability's name from its id (`<unit or army>:<slug>`), searched in both armies. */
function abilityName(s: GameState, id: string): string | undefined {
  for (const p of ['p1', 'p2'] as const) {
    const a = abilityById(s, p, undefined, id);
    if (a) return a.name;
  }
  return undefined;
}
