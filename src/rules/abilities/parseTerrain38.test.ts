/**
 * "This terrain feature" in the abilities of faction terrain features (session 38, ab38a; parseTerrain38.ts):
 * the real texts of the fixture rosters (tests/fixtures/rosters/new-recruit, the roster named for each), read
 * with the measurements moved onto the feature (`from: "terrain"`, `of: "terrain"`), and fall-back twins that
 * must stay by hand (`resolves: null`): a text that needs the ability's unit, a pick visible to the feature, a
 * state the engine does not keep (a Shouty Boss), a set-up near another feature.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema, AbilityPickSchema } from './schema';

const KW = ['STORMCAST ETERNALS', 'SKAVEN', 'NIGHTHAUNT', 'DAUGHTERS OF KHAINE', 'KRULEBOYZ', 'IRONJAWZ', 'INFANTRY', 'HERO', 'PRIEST', 'WIZARD', 'MONSTER'];

function parse(effect: string, declare: string | null, timing = 'Passive') {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, timing === 'Passive'), knownKeywords: KW });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  for (const p of r.picks ?? []) expect(AbilityPickSchema.safeParse(p).success, JSON.stringify(p)).toBe(true);
  return r;
}

describe('an aura of the feature (Screams of the Penitent, nh-001 Nexus of Grief; Commands 1.2)', () => {
  it('"Enemy units cannot use commands while they are within 3" of this terrain feature." → noCommands on enemy units within 3" of the feature', () => {
    expect(parse('Enemy units cannot use commands while they are within 3" of this terrain feature.', null).resolves).toEqual([
      { noCommands: true, targets: 'enemy', while: { within: 3, of: 'terrain' } },
    ]);
  });
  it('twins by hand: not a passive, a word more, a Declare', () => {
    expect(parse('Enemy units cannot use commands while they are within 3" of this terrain feature.', null, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Enemy units cannot use commands while they are within 3" of this terrain feature and in combat.', null).resolves).toBeNull();
    expect(parse('Enemy units cannot use commands while they are within 3" of this terrain feature.', 'Pick an enemy unit within 12" of this unit to be the target.', 'Your Hero Phase').resolves).toBeNull();
  });
});

describe('a pick measured from the feature (Step Into the Storm, sce-002 Stormreach Portal; Core 1.1, 24.0)', () => {
  const STEP_D = 'Pick a friendly non-**^^Monster Stormcast Eternals^^** unit that is not in combat and is wholly within 6" of this terrain feature to be the target.';
  const STEP_E = 'Remove the target from the battlefield and set it up again on the battlefield more than 9" from all enemy units.';
  it('the pick is wholly within 6" of the feature (`from: "terrain"`); the set-up is the unit reading\'s', () => {
    const r = parse(STEP_E, STEP_D, 'Your Movement Phase');
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', within: 6, wholly: true, from: 'terrain', inCombat: false, keyword: 'STORMCAST ETERNALS', notKeyword: 'MONSTER' }]);
    expect(r.resolves).toEqual([{ setUp: 'battlefield', farther: 9, targets: 'targets' }]);
  });
  it('twins by hand: a pick visible to the feature (Aggressively Bossy\'s Declare), "this unit" besides the feature, an effect on the feature itself', () => {
    expect(parse('Add 1 to hit rolls for the target for the rest of the turn.', 'Pick a visible enemy unit within 18" of this terrain feature to be the target.', 'Your Hero Phase').resolves).toBeNull();
    expect(parse(STEP_E, 'Pick a friendly unit wholly within 6" of this terrain feature and within 3" of this unit to be the target.', 'Your Movement Phase').resolves).toBeNull();
    expect(parse('Heal (D3) this terrain feature.', null, 'Your Hero Phase').resolves).toBeNull();
  });
});

describe('a set-up near another feature (Tunnels Through Reality, skv-001 Gnawhole; Core 24.0)', () => {
  const TUNNEL_D = 'Pick a friendly **^^Skaven^^** unit that is not in combat and is wholly within 6" of this terrain feature to be the target.';
  it('"set it up again wholly within 6" of another friendly Gnawhole and more than 9" from all enemy units" → the set-up with nearOtherFeature', () => {
    const r = parse('Remove the target from the battlefield and set it up again wholly within 6" of another friendly Gnawhole and more than 9" from all enemy units.', TUNNEL_D, 'Your Movement Phase');
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', within: 6, wholly: true, from: 'terrain', inCombat: false, keyword: 'SKAVEN' }]);
    expect(r.resolves).toEqual([{ setUp: 'battlefield', farther: 9, targets: 'targets', nearOtherFeature: { within: 6, name: 'Gnawhole' } }]);
  });
  it('twins by hand: no "more than 9" from all enemy units", "within" (not wholly), a sentence more', () => {
    expect(parse('Remove the target from the battlefield and set it up again wholly within 6" of another friendly Gnawhole.', TUNNEL_D, 'Your Movement Phase').resolves).toBeNull();
    expect(parse('Remove the target from the battlefield and set it up again within 6" of another friendly Gnawhole and more than 9" from all enemy units.', TUNNEL_D, 'Your Movement Phase').resolves).toBeNull();
    expect(parse('Remove the target from the battlefield and set it up again wholly within 6" of another friendly Gnawhole and more than 9" from all enemy units. It cannot use Charge abilities this turn.', TUNNEL_D, 'Your Movement Phase').resolves).toBeNull();
  });
});

describe('left by hand: a state the engine does not keep, the feature moved, a measurement the port cannot make', () => {
  it('Up We Go! and I\'m Off! twins (session 40, sh40e), Man da Tower!, Aggressively Bossy (a Shouty Boss placed on the feature); Hungry Crypts (the feature set up again); Volatile Ground (moves through the feature); In Dark Communion (until the feature uses it again)', () => {
    expect(parse("Place the target on this terrain feature. The target is now a Shouty Boss (see 'Man da Tower').", 'If this terrain feature does not have a Shouty Boss , pick a friendly **^^Kruleboyz Infantry Hero^^** that is not in combat and is within 3" of it to be the target.', 'Your Movement Phase').resolves).toBeNull(); // session 40 (sh40e): read in your hero phase only (shoutyBoss40e.test.ts)
    expect(parse('While this terrain feature has a Shouty Boss:\n• The Shouty Boss cannot use Move abilities.', null).resolves).toBeNull();
    expect(parse('If this terrain feature has a Shouty Boss that was not placed on it this turn, set up the Shouty Boss on the battlefield within 6" of this terrain feature and not in combat. That unit is no longer the Shouty Boss.', null, 'Your Movement Phase').resolves).toBeNull(); // sh40e: "wholly within" is read (shoutyBoss40e.test.ts)
    expect(parse('Roll a dice. Add 1 to the roll if this terrain feature has a Shouty Boss. On a 4+, subtract 3 from the target\'s control score until the start of your next turn.', 'Pick a visible enemy unit within 18" of this terrain feature to be the target.', 'Once Per Turn, Your Hero Phase').resolves).toBeNull();
    expect(parse('Remove this terrain feature from the battlefield and set it up again on the battlefield within 3" of a friendly **^^Nighthaunt^^** unit, more than 3" from all objectives and enemy units, more than 1" from all terrain features and more than 12" from all other friendly Nexuses of Grief.', null, 'Once Per Turn (Army), Your Movement Phase').resolves).toBeNull();
    expect(parse('Models can pass through this terrain feature but cannot be set up on or end moves on any part of this terrain feature.\nEach time an enemy unit ends a move that passed through or across this terrain feature, roll a D3. On a 2+, inflict an amount of mortal damage on that unit equal to the roll.', null).resolves).toBeNull();
    expect(parse('The target is in dark communion until this terrain feature uses this ability again or until this terrain feature is removed from the battlefield, whichever comes first. While the target is in dark communion, you can re-roll 1 casting roll or 1 chanting roll for the target each turn.', 'Pick a friendly **^^Daughters of Khaine Wizard^^** or **^^Priest^^** within 3" of this terrain feature to be the target.', 'Your Hero Phase').resolves).toBeNull();
  });
});
