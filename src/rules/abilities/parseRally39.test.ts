/**
 * Rally extras (session 39, sh39a; parseRally39.ts): the real texts of dok-001 (Icon of Slaughter), sce-002 (Herald of
 * Redemption, Call to Battle), lrl-001 (Shining Example) and nh-001 (Captured Soul Energy), and twins of the same shape
 * that stay by hand.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

const passive = parseTiming('Passive', true);
const read = (effect: string, known: string[], names: string[] = [], timing = passive, declare: string | null = null) => parseEffect({ declare, effect, timing, knownKeywords: known, unitNames: names });

const ICON = "Each time a friendy Daughters of Khaine unit wholly within 12\" of this unit uses the 'Rally' command, you can make 3 additional rally rolls of D6. In addition, if there are any friendly Hag Queens on Cauldrons of Blood on the battlefield when that command is used, you receive D3 additional rally points.";
const DOK = ['DAUGHTERS OF KHAINE', 'HERO'];
const DOK_NAMES = ['Slaughter Queen on Cauldron of Blood', 'Hag Queen on Cauldron of Blood', 'Blood Sisters'];

describe('rally extras: "... uses the \'Rally\' command, you can make 3 additional rally rolls of D6 / you receive N additional rally points"', () => {
  it('Icon of Slaughter (dok-001): 3 more rolls, and D3 points while a Hag Queen on Cauldron of Blood (the plural matched to the roster\'s name) is on the battlefield', () => {
    const aura = { within: 12, wholly: true, keyword: 'DAUGHTERS OF KHAINE' };
    expect(read(ICON, DOK, DOK_NAMES).resolves).toEqual([
      { rallyExtra: { rolls: 3 }, targets: 'friendly', while: aura },
      { rallyExtra: { points: 'D3' }, targets: 'friendly', while: { ...aura, friendlyOnBattlefield: ['Hag Queen on Cauldron of Blood'] } },
    ]);
  });
  it('Herald of Redemption (sce-002 Tornus): 3 points; Call to Battle (sce-002 Knight-Heraldor): 3 rolls', () => {
    const SCE = ['STORMCAST ETERNALS', 'RUINATION CHAMBER', 'WARRIOR CHAMBER'];
    expect(read("If a friendly Ruination Chamber unit wholly within 12\" of this unit uses the 'Rally' command, you receive 3 additional rally points.", SCE).resolves).toEqual([
      { rallyExtra: { points: 3 }, targets: 'friendly', while: { within: 12, wholly: true, keyword: 'RUINATION CHAMBER' } },
    ]);
    expect(read("If a friendly Warrior Chamber unit wholly within 12\" of this unit uses the 'Rally' command, you can make 3 additional rally rolls of D6.", SCE).resolves).toEqual([
      { rallyExtra: { rolls: 3 }, targets: 'friendly', while: { within: 12, wholly: true, keyword: 'WARRIOR CHAMBER' } },
    ]);
  });
  it('Shining Example (lrl-001), Captured Soul Energy (nh-001): 3 rolls for the faction\'s units', () => {
    expect(read("Each time a friendly Lumineth Realm-lords unit wholly within 12\" of this unit uses the 'Rally' command, you can make 3 additional rally rolls of D6.", ['LUMINETH REALM-LORDS']).resolves).toEqual([
      { rallyExtra: { rolls: 3 }, targets: 'friendly', while: { within: 12, wholly: true, keyword: 'LUMINETH REALM-LORDS' } },
    ]);
    expect(read("Each time a friendly Nighthaunt unit wholly within 12\" of this unit uses the 'Rally' command, you can make 3 additional rally rolls of D6.", ['NIGHTHAUNT']).resolves).toEqual([
      { rallyExtra: { rolls: 3 }, targets: 'friendly', while: { within: 12, wholly: true, keyword: 'NIGHTHAUNT' } },
    ]);
  });
  it('twins by hand: no Hag Queen on Cauldron of Blood in the army; a group that is no keyword; a sentence more; not a passive; the points "for each" unit', () => {
    expect(read(ICON, DOK, ['Slaughter Queen on Cauldron of Blood']).resolves).toBeNull();
    expect(read(ICON.replace('Daughters of Khaine unit', 'Redeemer unit'), DOK, DOK_NAMES).resolves).toBeNull();
    expect(read(`${ICON} This unit cannot use this ability again this battle.`, DOK, DOK_NAMES).resolves).toBeNull();
    expect(read(ICON, DOK, DOK_NAMES, parseTiming('Your Hero Phase')).resolves).toBeNull();
    expect(read("If a friendly Nighthaunt unit wholly within 12\" of this unit uses the 'Rally' command, you receive 1 additional rally point for each model in this unit.", ['NIGHTHAUNT']).resolves).toBeNull();
  });
});
