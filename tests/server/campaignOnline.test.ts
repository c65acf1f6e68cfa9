/**
 * An online Path to Glory battle (issue 26 item 5) through a real game server: the room created
 * with the campaign screen's create options (`campaignOnlineOptions`: the drawn campaign army, the
 * opponent, the battleplan) plays that battleplan (`state.ascension`), the campaign's army p1 (or
 * p2, the room created in that seat); the
 * aftermath reads the game as a spectator (`OnlineGame.join(…, 'spectator').state()`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drawArmy } from '../../src/campaign/army';
import { newCampaign } from '../../src/campaign/roster';
import { OnlineGame } from '../../src/client/onlineGame';
import { campaignOnlineOptions } from '../../src/ui/campaign/onlineBattle';
import { hotseatSetup } from '../../workers/gameSetup';
import { installWebSocketGlobal } from '../../server/webSocketGlobal';
import { startServer, stopAllServers, tempDataDir, type ServerProcess } from './harness';

let server: ServerProcess;
beforeAll(async () => {
  installWebSocketGlobal();
  server = await startServer({ SIGHTLINE_DATA_DIR: tempDataDir() });
}, 60000);
afterAll(() => stopAllServers());

type R<T> = { ok: true; value: T } | { ok: false; refusals: readonly { message: string }[] };
const ok = <T>(r: R<T>): T => {
  if (!r.ok) throw new Error(r.refusals.map((x) => x.message).join('; '));
  return r.value;
};

describe('online Path to Glory battle', () => {
  test('a room created with a battleplan plays it, the drawn campaign army p1', async () => {
    const s = hotseatSetup(7);
    const c = ok(newCampaign(s.armies.p1.roster, { warlord: 'sce-lord', path: 'warrior', units: ['sce-lord', 'sce-liberators', 'sce-vindictors'], name: 'Online test' }));
    const army = ok(drawArmy(c, { pointsLimit: 1000 }));
    const ws = `ws://127.0.0.1:${server.port}`;
    const options = campaignOnlineOptions({ scenario: s.scenario, territory: 'south', other: 'north', army, opponent: s.armies.p2.roster, battleplan: 'the-decisive-battle' });
    const p1 = await OnlineGame.create(ws, options, 'p1');
    try {
      const spec = await OnlineGame.join(ws, p1.roomId, 'spectator');
      try {
        const state = await spec.state();
        expect(state.battleplan.ascension?.id).toBe('the-decisive-battle');
        expect(state.ascension).toBeDefined();
        expect(state.players.p1.roster.campaign?.name).toBe('Online test');
        expect(state.players.p2.roster.campaign).toBeUndefined();
      } finally {
        await spec.leave();
      }
    } finally {
      await p1.leave();
    }
  }, 60000);

  test('the campaign army as p2: the room created in seat p2, the opponent p1 in the other territory', async () => {
    const s = hotseatSetup(7);
    const c = ok(newCampaign(s.armies.p1.roster, { warlord: 'sce-lord', path: 'warrior', units: ['sce-lord', 'sce-liberators'], name: 'Second seat' }));
    const army = ok(drawArmy(c, { pointsLimit: 1000 }));
    const ws = `ws://127.0.0.1:${server.port}`;
    const options = campaignOnlineOptions({ scenario: s.scenario, territory: 'south', other: 'north', army, opponent: s.armies.p2.roster, battleplan: 'relics-of-myth', seat: 'p2' });
    const p2 = await OnlineGame.create(ws, options, 'p2');
    try {
      expect(p2.seat).toBe('p2');
      const state = await p2.state();
      expect(state.battleplan.ascension?.id).toBe('relics-of-myth');
      expect(state.players.p2.roster.campaign?.name).toBe('Second seat');
      expect(state.players.p2.roster.units.map((u) => u.id)).toEqual(['sce-lord', 'sce-liberators']);
      expect(state.players.p1.roster.campaign).toBeUndefined();
    } finally {
      await p2.leave();
    }
  }, 60000);
});
