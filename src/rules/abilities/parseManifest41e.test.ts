/**
 * Session 41 (sh41e): manifestations' passives read whole (parseManifest41e.ts), with the real text of the roster
 * (fec-001-ghb-kitchen-sink, Geminids of Uhl-Gysh) and fall-back twins that must stay by hand.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../army/importArmy';
import { parseEffect } from './parseEffect';
import type { AbilityTiming } from './schema';

const PASSIVE: AbilityTiming = { text: 'Passive', when: 'passive', whose: 'any' };
const read = (effect: string, declare: string | null = null, timing: AbilityTiming = PASSIVE) => parseEffect({ declare, effect, timing, knownKeywords: ['FLESH-EATER COURTS', 'HERO'] });

describe('Tendrils of Light and Shadow (Geminids of Uhl-Gysh): an aura forbidding commands near either part', () => {
  it('the imported roster reads it whole: noCommands on enemy units within 3" of this unit (the manifestation)', () => {
    const r = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/fec-001-ghb-kitchen-sink/list.json')), 'fec-001/list.json');
    const geminids = r.army.manifestations?.find((m) => m.name === 'Geminids of Uhl-Gysh');
    expect(geminids?.models.length).toBe(2); // "has 2 parts": one unit of 2 models
    const a = geminids?.warscroll.abilities?.find((x) => x.name === 'Tendrils of Light and Shadow');
    expect(a?.effect).toBe('Enemy units cannot use commands while they are within 3" of either part of this Manifestation.');
    expect(a?.resolves).toEqual([{ noCommands: true, targets: 'enemy', while: { within: 3, of: 'self' } }]);
  });

  it('fall-back twins stay by hand: "wholly within", friendly units, a condition more, an activated ability, a Declare', () => {
    expect(read('Enemy units cannot use commands while they are wholly within 3" of either part of this Manifestation.').resolves).toBeNull();
    expect(read('Friendly units cannot use commands while they are within 3" of either part of this Manifestation.').resolves).toBeNull();
    expect(read('Enemy units cannot use commands while they are within 3" of either part of this Manifestation and in combat.').resolves).toBeNull();
    expect(read('Enemy units cannot use commands while they are within 3" of either part of this Manifestation.', null, { text: 'Your Hero Phase', when: 'hero', whose: 'your' }).resolves).toBeNull();
    expect(read('Enemy units cannot use commands while they are within 3" of either part of this Manifestation.', 'Pick an enemy unit to be the target.').resolves).toBeNull();
  });
});
