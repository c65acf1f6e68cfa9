/**
 * Wrathful Repulsion (dok-001 Hag Queen on Cauldron of Blood; session 39, sh39a; `abilities/parsePicks39.ts`) in play:
 * read from its real text, held by the kit's shaman (renamed a Hag Queen on Cauldron of Blood), p1's units DAUGHTERS
 * OF KHAINE, used in p1's charge phase. p2's Gutrippaz (x 16 from y 15) are 0.74" from p1's Gutrippaz (x 14 from
 * y 15), p2's Slittaz (x 8.5 from y 18.5) 0.86" from the shaman (10, 20) and 4.24" or more from p1's Gutrippaz: each
 * pair in combat, and no other.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { ability, gameAtHero, play, refused, roster, tablePortAt, toPhase, type Placement } from './abilityKit.test-helpers';
import type { GameState } from './state';
import type { RosterInput } from './roster';

const timing = parseTiming('Any Charge Phase');
const DECLARE = 'Pick a visible friendly Daughters of Khaine unit that is wholly within 12" of this unit and is in combat with an enemy unit that charged this turn to be the target. If there are any friendly Slaughter Queens on Cauldrons of Blood on the battlefield, you can pick another eligible unit to be a second target.';
const EFFECT = 'The targets have Ward (5+) for the rest of the turn.';
const p = parseEffect({ declare: DECLARE, effect: EFFECT, timing, knownKeywords: ['DAUGHTERS OF KHAINE', 'HERO'], unitNames: ['Hag Queen on Cauldron of Blood', 'Slaughter Queen on Cauldron of Blood', 'Gutrippaz'] });
const wrath = ability({ name: 'Wrathful Repulsion', timing, declare: DECLARE, effect: EFFECT, picks: p.picks, resolves: p.resolves });

/** p1 with the ability on the shaman; the Slittaz named `gitsName`. */
function p1(gitsName: string): RosterInput {
  const r = roster('p1', [wrath]);
  const names: Record<string, string> = { 'p1-hero': 'Hag Queen on Cauldron of Blood', 'p1-gits': gitsName };
  return { ...r, units: r.units.map((u) => ({ ...u, name: names[u.id] ?? u.name, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'DAUGHTERS OF KHAINE'] } })) };
}
const place: Placement = { 'p2-boyz': [16, 15], 'p2-gits': [8.5, 18.5] };

/** p1's charge phase on the engaged table, the p2 units in `charged` having charged this turn. */
function at(gitsName: string, charged: string[]) {
  const start = tablePortAt();
  const port = tablePortAt(place);
  let s: GameState = toPhase(gameAtHero(p1(gitsName), roster('p2'), start), start, 'charge');
  s = { ...s, units: Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, charged.includes(id) ? { ...u, turn: { ...u.turn, charged: true } } : u])) };
  return { s, port };
}
const use = (targets: string[]) => ({ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Wrathful Repulsion', targets }) as const;

describe('Wrathful Repulsion: Ward (5+) for units in combat with a charger; a second target with a Slaughter Queen on Cauldron of Blood', () => {
  it('read from the real text', () => {
    expect(p.resolves).not.toBeNull();
  });
  it('a Slaughter Queen on Cauldron of Blood in the army: the Gutrippaz and the Hag Queen both get Ward (5+)', () => {
    const { s, port } = at('Slaughter Queen on Cauldron of Blood', ['p2-boyz', 'p2-gits']);
    const r = play(s, port, [use(['p1-boyz', 'p1-hero'])]);
    expect(r.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p1-boyz', 'p1-hero'], effect: { ward: 5 } });
  });
  it('without one: a second target refused; one target given its ward', () => {
    const { s, port } = at('Hobgrot Slittaz', ['p2-boyz', 'p2-gits']);
    expect(refused(s, port, use(['p1-boyz', 'p1-hero']))).toMatchObject({ reason: 'Wrathful Repulsion picks 1 unit(s); 2 given', rule: 'Wrathful Repulsion: Declare' });
    expect(play(s, port, [use(['p1-boyz'])]).events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p1-boyz'] });
  });
  it('p2\'s Gutrippaz did not charge: p1\'s Gutrippaz cannot be picked (in combat, but not with a unit that charged)', () => {
    const { s, port } = at('Slaughter Queen on Cauldron of Blood', ['p2-gits']);
    expect(refused(s, port, use(['p1-boyz'])).reason).toMatch(/^"p1-boyz" is not a unit /);
  });
});
