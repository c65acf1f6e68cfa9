/** Words of the unit card (UnitCard.tsx). */

const FIXED: Record<string, string> = {
  'crit-2-hits': 'Crit (2 Hits)',
  'crit-auto-wound': 'Crit (Auto-wound)',
  'crit-mortal': 'Crit (Mortal)',
  'charge-damage': 'Charge (+1 Damage)',
  'anti-charge': 'Anti-charge (+1 Rend)',
  companion: 'Companion',
  'shoot-in-combat': 'Shoot in Combat',
};

/**
 * A weapon ability of the army format as the warscroll prints it (Core 20.0):
 * `crit-2-hits` → "Crit (2 Hits)", `anti-INFANTRY` → "Anti-INFANTRY (+1 Rend)".
 */
export function weaponAbilityName(a: string): string {
  const f = FIXED[a.toLowerCase()];
  if (f) return f;
  if (a.toLowerCase().startsWith('anti-')) return `Anti-${a.slice(5).toUpperCase()} (+1 Rend)`;
  return a;
}
