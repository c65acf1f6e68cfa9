/**
 * The room of an online Path to Glory battle (issue 26 item 5): the create options pass the drawn
 * campaign army (p1 or p2, in its territory), the opponent (the other territory) and the battleplan on
 * to the game server, in the shape the server accepts (`TableCreateSchema`).
 */
import { describe, expect, it } from 'vitest';
import { drawArmy } from '../../campaign/army';
import { newCampaign } from '../../campaign/roster';
import { TableCreateSchema } from '../../game/network';
import { hotseatSetup } from '../../../workers/gameSetup';
import { campaignBattleArmies, campaignOnlineOptions } from './onlineBattle';

type R<T> = { ok: true; value: T } | { ok: false; refusals: readonly { message: string }[] };
const ok = <T>(r: R<T>): T => {
  if (!r.ok) throw new Error(r.refusals.map((x) => x.message).join('; '));
  return r.value;
};

/** A campaign made from the sample army, its army drawn, and the sample battlefield and opponent. */
function campaignBattle() {
  const s = hotseatSetup(7);
  const c = ok(newCampaign(s.armies.p1.roster, { warlord: 'sce-lord', path: 'warrior', units: ['sce-lord', 'sce-liberators', 'sce-vindictors'], name: 'Online test' }));
  const army = ok(drawArmy(c, { pointsLimit: 1000 }));
  return { s, c, army };
}

describe('campaignOnlineOptions', () => {
  it('passes the drawn campaign army, the opponent, the territories and the battleplan', () => {
    const { s, army } = campaignBattle();
    const o = campaignOnlineOptions({ scenario: s.scenario, territory: 'north', other: 'south', army, opponent: s.armies.p2.roster, battleplan: 'the-ambush' });
    expect(o.battleplan).toBe('the-ambush');
    expect(o.deploy).toBe('auto');
    expect(o.scenario).toBe(s.scenario);
    // The campaign's army first (p1), keyed by its territory; the opponent in the other.
    expect(Object.keys(o.armies as object)).toEqual(['north', 'south']);
    const armies = o.armies as Record<string, typeof army>;
    expect(armies.north).toBe(army);
    expect(armies.north.campaign?.name).toBe('Online test');
    expect(armies.north.units.map((u) => u.id)).toEqual(['sce-lord', 'sce-liberators', 'sce-vindictors']);
    expect(armies.south).toBe(s.armies.p2.roster);
    // Kenney pieces travel as bundled asset ids.
    expect(Object.keys(o.bundled as object).length).toBeGreaterThan(0);
    expect(TableCreateSchema.safeParse(o).success).toBe(true);
  });

  it('puts the campaign army in seat p2 when the player picks it: the opponent first (p1) in the other territory', () => {
    const { s, army } = campaignBattle();
    const o = campaignOnlineOptions({ scenario: s.scenario, territory: 'north', other: 'south', army, opponent: s.armies.p2.roster, battleplan: 'relics-of-myth', seat: 'p2' });
    // The server reads the first army as p1 (NETWORK.md): the opponent's territory first.
    expect(Object.keys(o.armies as object)).toEqual(['south', 'north']);
    const armies = o.armies as Record<string, typeof army>;
    expect(armies.south).toBe(s.armies.p2.roster);
    expect(armies.north).toBe(army);
    expect(armies.north.campaign?.name).toBe('Online test');
    expect(o.battleplan).toBe('relics-of-myth');
    expect(TableCreateSchema.safeParse(o).success).toBe(true);
  });

  it('campaignBattleArmies: the same seats for the hot-seat start', () => {
    const a = campaignBattleArmies({ territory: 'south', other: 'north', army: 'A', opponent: 'B' });
    expect(a).toEqual({ p1: { army: 'south', roster: 'A' }, p2: { army: 'north', roster: 'B' } });
    const b = campaignBattleArmies({ territory: 'south', other: 'north', army: 'A', opponent: 'B', seat: 'p2' });
    expect(b).toEqual({ p1: { army: 'north', roster: 'B' }, p2: { army: 'south', roster: 'A' } });
  });

  it('leaves the battleplan out of a battle created without one (the New battle dialog)', async () => {
    const { onlineCreateOptions } = await import('../play/online');
    const s = hotseatSetup(7);
    const o = onlineCreateOptions({ scenario: s.scenario, armies: s.armies, deploy: 'manual' });
    expect('battleplan' in o).toBe(false);
  });
});
