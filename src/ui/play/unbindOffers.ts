/**
 * The Unbind choices the Play panel offers while a spell waits for an unbind (Magic 4.0), without
 * the player having to select one of their wizards first (issue 28 item 11).
 *
 * @module
 */
import type { GameSummary, OptionEntry, OptionsResult } from '../../client/gameClient';

/**
 * One "Unbind with <unit>" entry for each unit of the player who may unbind (the caster's
 * opponent) that the game session says can unbind the pending spell now (Magic 4.0: a WIZARD, of
 * any level, or a HERO allowed to by a Place of Power, within 30" of the caster and visible; one
 * unbind per casting roll). Units the session answers "not available" for are left out.
 * @param s The game summary (`pendingSpell` null: no entries).
 * @param optionsOf The game session's options of a unit (the worker's `options(unitId)`).
 * @returns The available `unbind` entries, relabelled with the unit's name, in the summary's unit order.
 */
export async function unbindOffers(s: GameSummary, optionsOf: (unitId: string) => OptionsResult | Promise<OptionsResult>): Promise<OptionEntry[]> {
  const spell = s.pendingSpell;
  if (!spell) return [];
  const out: OptionEntry[] = [];
  const canTry = (u: GameSummary['units'][number]) => u.keywords.some((k) => /^WIZARD\b/.test(k)) || u.effects.includes('unbindAsWizard');
  for (const u of s.units.filter((x) => x.owner !== spell.player && x.alive > 0 && x.deployed && canTry(x))) {
    const o = await optionsOf(u.id);
    if (o.ok) for (const e of o.entries) if (e.group === 'unbind' && e.available) out.push({ ...e, label: `Unbind with ${u.name}` });
  }
  return out;
}
