/**
 * A small hand-built army for the campaign tests (Sightline's army format): HEROES of every kind
 * the Paths ask for, a UNIQUE HERO, a 390-point HERO, a two-model HERO and two regiments' worth of
 * non-HERO units. Not used outside tests.
 *
 * @module
 */
import type { RosterInput } from '../rules/engine/roster';

type Spec = { id: string; name: string; points: number; keywords: string[]; models?: number; health?: number };

const unit = (s: Spec) => ({
  id: s.id,
  name: s.name,
  points: s.points,
  warscroll: { move: 5, health: s.health ?? 5, save: '4+', control: s.keywords.includes('HERO') ? 2 : 1, keywords: s.keywords },
  weapons: [{ name: 'Blade', range: 'melee' as const, attacks: 3, hit: '3+', wound: '3+', rend: 1, damage: 1 }],
  models: Array.from({ length: s.models ?? 1 }, (_, i) => ({ id: `${s.id}-m${i + 1}`, base: { shape: 'round' as const, diameterMm: 40 } })),
});

/** The test army (ids prefixed with `prefix` when given): `knight` (HERO, 140), `arcanum` (WIZARD HERO, 140), `relictor` (PRIEST HERO, 120), `gardus` (UNIQUE HERO, 160), `drake` (HERO, 390), `pair` (2-model HERO, 100), `liberators` (5 models, 90), `sequitors` (5, 120), `prosecutors` (3, 150), `ballista` (1 model, 80). */
export function testArmy(faction = 'Stormcast Eternals', prefix = ''): RosterInput {
  const units = [
    unit({ id: 'knight', name: 'Knight-Questor', points: 140, keywords: ['HERO', 'INFANTRY', 'ORDER'] }),
    unit({ id: 'arcanum', name: 'Lord-Arcanum', points: 140, keywords: ['HERO', 'WIZARD', 'INFANTRY'] }),
    unit({ id: 'relictor', name: 'Knight-Relictor', points: 120, keywords: ['HERO', 'PRIEST', 'INFANTRY'] }),
    unit({ id: 'gardus', name: 'Gardus Steel Soul', points: 160, keywords: ['HERO', 'UNIQUE', 'INFANTRY'] }),
    unit({ id: 'drake', name: 'Drakesworn Templar', points: 390, keywords: ['HERO', 'MONSTER'], health: 14 }),
    unit({ id: 'pair', name: 'Twin Heralds', points: 100, keywords: ['HERO', 'INFANTRY'], models: 2 }),
    unit({ id: 'liberators', name: 'Liberators', points: 90, keywords: ['INFANTRY'], models: 5, health: 2 }),
    unit({ id: 'sequitors', name: 'Sequitors', points: 120, keywords: ['INFANTRY'], models: 5, health: 2 }),
    unit({ id: 'prosecutors', name: 'Prosecutors', points: 150, keywords: ['INFANTRY', 'FLY'], models: 3, health: 3 }),
    unit({ id: 'ballista', name: 'Celestar Ballista', points: 80, keywords: ['WAR MACHINE'] }),
  ];
  if (prefix) {
    const p = (id: string) => `${prefix}${id}`;
    for (const u of units) {
      u.id = p(u.id);
      for (const m of u.models) m.id = p(m.id);
    }
    return {
      name: `Test host ${prefix}`,
      faction,
      general: p('knight'),
      regiments: [{ leader: p('knight'), units: ['liberators', 'sequitors', 'prosecutors', 'ballista'].map(p) }, ...['arcanum', 'relictor', 'gardus', 'drake'].map((h) => ({ leader: p(h), units: [] }))],
      auxiliaries: [p('pair')],
      units,
    } as RosterInput;
  }
  return {
    name: 'Test host',
    faction,
    general: 'knight',
    regiments: [
      { leader: 'knight', units: ['liberators', 'sequitors', 'prosecutors', 'ballista'] },
      { leader: 'arcanum', units: [] },
      { leader: 'relictor', units: [] },
      { leader: 'gardus', units: [] },
      { leader: 'drake', units: [] },
    ],
    auxiliaries: ['pair'],
    units,
  } as RosterInput;
}
