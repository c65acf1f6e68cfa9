/**
 * Rally extras in play (session 39, sh39a; `abilities/parseRally39.ts`, `engine/rally39.ts`): Icon of Slaughter
 * (dok-001 Slaughter Queen on Cauldron of Blood) read from its real text and held by the kit's shaman renamed a
 * Slaughter Queen on Cauldron of Blood; p1's units DAUGHTERS OF KHAINE; the kit's Gutrippaz use Rally (Commands 2.0)
 * with scripted dice: each 4+ a rally point, then the D3 additional points (a scripted 6: 3).
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { ability, gameAtHero, play, roster, tablePortAt, type Placement } from './abilityKit.test-helpers';
import type { RosterInput } from './roster';

const ICON = "Each time a friendy Daughters of Khaine unit wholly within 12\" of this unit uses the 'Rally' command, you can make 3 additional rally rolls of D6. In addition, if there are any friendly Hag Queens on Cauldrons of Blood on the battlefield when that command is used, you receive D3 additional rally points.";
const passive = parseTiming('Passive', true);
const read = parseEffect({ declare: null, effect: ICON, timing: passive, knownKeywords: ['DAUGHTERS OF KHAINE', 'HERO'], unitNames: ['Slaughter Queen on Cauldron of Blood', 'Hag Queen on Cauldron of Blood', 'Gutrippaz'] });
const icon = ability({ name: 'Icon of Slaughter', timing: passive, effect: ICON, resolves: read.resolves });

/** p1: Icon of Slaughter on the shaman (a Slaughter Queen on Cauldron of Blood); the Slittaz named `gitsName`; all DAUGHTERS OF KHAINE. */
function p1(gitsName: string): RosterInput {
  const r = roster('p1', [icon]);
  const names: Record<string, string> = { 'p1-hero': 'Slaughter Queen on Cauldron of Blood', 'p1-gits': gitsName };
  return { ...r, units: r.units.map((u) => ({ ...u, name: names[u.id] ?? u.name, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'DAUGHTERS OF KHAINE'] } })) };
}

function rally(gitsName: string, place: Placement, dice: number[]) {
  const port = tablePortAt(place);
  const s = gameAtHero(p1(gitsName), roster('p2'), port, dice);
  const r = play(s, port, [{ type: 'command', player: 'p1', command: 'rally', unitId: 'p1-boyz' }]);
  return r.events.find((e) => e.type === 'rallyRolls') as { dice: number[]; points: number; extraRolls?: number; extraPoints?: number } | undefined;
}

// Six rally rolls 4 4 4 1 1 1 (3 points), the three additional 5 5 1 (2 points), then a 6 for the D3 (3 points).
const DICE = [4, 4, 4, 1, 1, 1, 5, 5, 1, 6];

describe('Icon of Slaughter: 3 additional rally rolls for a friendly Daughters of Khaine unit wholly within 12", and D3 points with a Hag Queen on Cauldron of Blood on the battlefield', () => {
  it('read from the real text ("friendy" as printed)', () => {
    expect(read.resolves).toEqual([
      { rallyExtra: { rolls: 3 }, targets: 'friendly', while: { within: 12, wholly: true, keyword: 'DAUGHTERS OF KHAINE' } },
      { rallyExtra: { points: 'D3' }, targets: 'friendly', while: { within: 12, wholly: true, keyword: 'DAUGHTERS OF KHAINE', friendlyOnBattlefield: ['Hag Queen on Cauldron of Blood'] } },
    ]);
  });
  it('the Gutrippaz 4" from the Slaughter Queen (x 14, y 15-20.2), a Hag Queen on the table: 9 dice (5 points) + 3 = 8 points', () => {
    expect(rally('Hag Queen on Cauldron of Blood', {}, DICE)).toMatchObject({ dice: [4, 4, 4, 1, 1, 1, 5, 5, 1], points: 8, extraRolls: 3, extraPoints: 3 });
  });
  it('no Hag Queen on Cauldron of Blood in the army: 9 dice, 5 points, no D3', () => {
    expect(rally('Hobgrot Slittaz', {}, DICE)).toMatchObject({ dice: [4, 4, 4, 1, 1, 1, 5, 5, 1], points: 5, extraPoints: 0 });
  });
  it('the Gutrippaz at x 30 (20.6" between centres, not wholly within 12"): the six dice of the Rally only, 3 points', () => {
    const r = rally('Hag Queen on Cauldron of Blood', { 'p1-boyz': [30, 15] }, DICE);
    expect(r?.dice).toEqual([4, 4, 4, 1, 1, 1]);
    expect(r?.points).toBe(3);
    expect(r?.extraRolls).toBeUndefined();
  });
});
