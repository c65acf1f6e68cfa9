/**
 * The game a campaign's battle is played in, read for the aftermath and for Play's end prompt: an
 * online battle's from the game server, a hot-seat one's from the game worker (in Play) or the
 * autosave (outside Play). Checks that the game is this campaign's battle (its army's
 * `campaign.name` in the recorded seat).
 *
 * @module
 */
import type { Campaign } from '../../campaign/schema';
import type { GameState } from '../../rules/engine/state';
import { AUTOSAVE_KEY, getGame } from '../play/game';
import { linkFor, onlineGame } from '../play/online';
import type { CampaignBattle } from './campaignStore';

/** The campaign battle's game: still reading, not readable (why), or its state. */
export type CampaignGameRead = { status: 'reading' } | { status: 'none'; why: string } | { status: 'read'; state: GameState };

/**
 * The game of an online campaign battle, from the game server: the page's online game when it is
 * that room's, else the room read as a spectator (then left). A room that cannot be read (the
 * server down, the room disposed) says how to get the result.
 */
async function onlineCampaignGame(c: Campaign, battle: CampaignBattle, online: NonNullable<CampaignBattle['online']>): Promise<CampaignGameRead> {
  let s: GameState;
  const page = onlineGame();
  try {
    if (page && page.roomId === online.roomId) s = await page.state();
    else {
      const { OnlineGame } = await import('../../client/onlineGame');
      const g = await OnlineGame.join(online.server, online.roomId, 'spectator');
      try {
        s = await g.state();
      } finally {
        await g.leave().catch(() => undefined);
      }
    }
  } catch (e) {
    return {
      status: 'none',
      why: `the online battle (room ${online.roomId} on the game server ${online.server}) cannot be read: ${(e as Error).message}. Open the battle's link (${linkFor(online.roomId, online.seat, online.server)}) while the server keeps the room and take the aftermath there`,
    };
  }
  if (s.players[battle.player].roster.campaign?.name !== c.name) return { status: 'none', why: `the online room ${online.roomId} is not this campaign's battle (${s.players.p1.roster.name} vs ${s.players.p2.roster.name})` };
  return { status: 'read', state: s };
}

/**
 * The game the campaign's battle is played in: an online battle's from the game server; a
 * hot-seat one's from the game worker in Play, or the autosaved one outside Play.
 */
export async function campaignGame(c: Campaign, battle: CampaignBattle, inPlay: boolean): Promise<CampaignGameRead> {
  if (battle.online) return onlineCampaignGame(c, battle, battle.online);
  const g = getGame();
  if (!inPlay) {
    const saved = localStorage.getItem(AUTOSAVE_KEY);
    if (!saved) return { status: 'none', why: 'no game is saved in this browser' };
    const r = await g.load(JSON.parse(saved));
    if (!r.ok) return { status: 'none', why: r.problems.join('; ') };
  }
  const s = await g.state();
  if (s.players[battle.player].roster.campaign?.name !== c.name) return { status: 'none', why: `the game in Play is not this campaign's battle (${s.players.p1.roster.name} vs ${s.players.p2.roster.name})` };
  return { status: 'read', state: s };
}

