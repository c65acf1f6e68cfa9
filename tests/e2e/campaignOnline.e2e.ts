/**
 * An online Path to Glory battle (issue 26 item 5), through a real game server (the run's shared
 * one, sharedServer.ts: 127.0.0.1, a free port, a temporary SIGHTLINE_DATA_DIR): a campaign file (made in Node from the
 * sample army) opened on the campaign screen; The Decisive Battle started with *Play online*, the
 * campaign's army playing p2 (the page creates the room in seat p2 and opens p2's link); the
 * opponent's link (p1) opened in a second page; the five battle rounds ended phase by phase, each
 * page acting for its own seat; Play's end prompt names the Glorious Victory result for the
 * campaign's player; *Go to the aftermath* opens the campaign screen on the aftermath, which reads
 * the finished game from the server: the same result, victory points and glory as the server's
 * state read here by a spectator (`outcomeFromGame` for p2).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { gloryEarned } from '../../src/campaign/aftermath';
import { outcomeFromGame } from '../../src/campaign/outcome';
import { newCampaign } from '../../src/campaign/roster';
import { OnlineGame } from '../../src/client/onlineGame';
import { installWebSocketGlobal } from '../../server/webSocketGlobal';
import { hotseatSetup } from '../../workers/gameSetup';
import { failedOnSharedServer, sharedGameServer } from './sharedServer';
import { assert, assertEqual, playCall as play, playReady as ready, textOf as text, type E2ETest } from './harness';

interface Summary {
  actions: number;
  round: number;
  stage: string;
  decider: 'p1' | 'p2';
  toAct: 'p1' | 'p2' | null;
  active: 'p1' | 'p2' | null;
  battleplan: string;
  vp: { p1: number; p2: number };
}
type Online = { seat: string; roomId: string; links: { opponent: string } };

/** Waits until `page` shows the game after `actions` accepted actions. */
async function shows(page: Page, actions: number): Promise<void> {
  await page.waitForFunction((n) => (window.__sightline?.play?.summary()?.actions ?? -1) >= n, actions, { timeout: 60_000 });
}

/**
 * In the page: plays `seat`'s actions while it is to act (the first-turn choice: itself first;
 * a twist pick it owes: none; otherwise the end of each phase) through the Play hook; returns the last summary, or the
 * refusal. A string, not a function, for the page: tsx's name-keeping helpers do not exist there.
 */
const playSeat = `async (seat) => {
  const h = window.__sightline.play;
  let s = h.summary();
  for (let i = 0; i < 40 && s.stage !== 'ended'; i++) {
    const actor = s.stage === 'firstTurn' ? s.decider : s.toAct;
    if (actor !== seat) break;
    // A twist roller who is not the active player owes its pick before the phase can end (issue 37): it picks nothing.
    const a = s.stage === 'firstTurn' ? { type: 'chooseFirstTurn', player: seat, first: seat } : s.active && s.active !== seat ? { type: 'twistPick', player: seat } : { type: 'endPhase', player: seat };
    const r = await h.act(a);
    if (!r.ok) return { refused: a, round: s.round, reason: r.reason };
    s = r.summary;
  }
  return s;
}`;

export const tests: E2ETest[] = [
  {
    name: 'campaign online: a Path to Glory battle played online with the campaign army as p2, to its end; Play\'s end prompt; the aftermath reads the server\'s game',
    async run(ctx) {
      // The campaign: the sample Stormcast army, the Lord-Celestant as warlord.
      const made = newCampaign(hotseatSetup(7).armies.p1.roster, { warlord: 'sce-lord', path: 'warrior', units: ['sce-lord', 'sce-liberators', 'sce-vindictors'], name: 'Online Hammers' });
      assert(made.ok, 'the campaign is made');
      const campaign = made.value;
      const file = join(ctx.outputDir, 'online-hammers-campaign.json');
      writeFileSync(file, JSON.stringify(campaign));

      // The game server: the run's shared one (started here when no earlier test started it).
      const srv = await sharedGameServer();
      const ws = `ws://127.0.0.1:${srv.port}`;
      try {
        const me = await ctx.openPage();
        const page = me.page;
        // (a smaller window than the other tests': fewer pixels for the software-drawn table to fill)
        await page.setViewportSize({ width: 900, height: 640 });
        await page.goto(`${ctx.baseUrl}?server=${encodeURIComponent(ws)}`, { waitUntil: 'domcontentloaded' });
        await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
        await page.click('[data-testid=btn-campaign]');
        await page.waitForFunction(() => window.__sightlineCampaign?.slot() !== undefined);
        await page.setInputFiles('[data-testid=campaign-open-file]', file);
        await page.waitForSelector('[data-testid=campaign-overview]');

        // The battle: The Decisive Battle, the campaign's army player 2 in the south, Play online.
        await page.click('[data-testid=campaign-start-battle]');
        await page.waitForSelector('[data-testid=campaign-battle-form]');
        await page.selectOption('[data-testid=campaign-battleplan]', 'the-decisive-battle');
        await page.selectOption('[data-testid=campaign-seat]', 'p2');
        await Promise.all([page.waitForEvent('load', { timeout: 120_000 }), page.click('[data-testid=campaign-battle-online]')]);
        // The page is on the room's p2 link; the opponent's (p1) link is the same with seat p1: the
        // second page opens it while the first loads.
        const link = new URL(page.url());
        assertEqual(link.searchParams.get('seat'), 'p2', 'the page opens the room\'s link for the campaign army\'s seat, p2');
        link.searchParams.set('seat', 'p1');
        const them = await ctx.openPage();
        // (the opponent's table is never looked at: a small window keeps its software-drawn frames cheap)
        await them.page.setViewportSize({ width: 480, height: 360 });
        await Promise.all([ready(page), them.page.goto(link.href, { waitUntil: 'domcontentloaded' }).then(() => ready(them.page))]);
        const mine = await play<Online>(page, 'online()');
        assertEqual(mine.seat, 'p2', 'the page plays the campaign army\'s seat, p2');
        assertEqual(mine.links.opponent, link.href, 'the link the page gives the opponent is the one opened');
        assertEqual((await play<Online>(them.page, 'online()')).seat, 'p1', 'the link seats the opponent as p1');
        const pageOf = { p1: them.page, p2: page };

        // Five battle rounds, every phase ended by the page of the player to act.
        let s = await play<Summary>(page, 'summary()');
        assertEqual(s.battleplan, 'The Decisive Battle', 'the room plays the battleplan picked');
        // (each page plays its seat's run of actions in one call; the other page first shows the game as it stands)
        for (let i = 0; i < 40 && s.stage !== 'ended'; i++) {
          const actor = s.stage === 'firstTurn' ? s.decider : s.toAct;
          assert(actor, `someone is to act (${JSON.stringify(s)})`);
          await shows(pageOf[actor], s.actions);
          const r = (await pageOf[actor].evaluate(`(${playSeat})(${JSON.stringify(actor)})`)) as Summary | { refused: unknown };
          assert(!('refused' in r), `${JSON.stringify(r)}`);
          s = r as Summary;
        }
        assertEqual(s.stage, 'ended', 'the battle has ended');
        assertEqual(s.round, 5, 'after its fifth battle round');

        // The server's game, read as a spectator: the outcome for the campaign's player (p2).
        installWebSocketGlobal();
        const spectator = await OnlineGame.join(ws, mine.roomId, 'spectator');
        const state = await spectator.state();
        await spectator.leave();
        const want = outcomeFromGame(state, 'p2', campaign);
        assert(want.ok, 'the server\'s game has an outcome for p2');
        assertEqual(want.value.result, state.ascension?.result?.p2, 'p2\'s Glorious Victory result');

        // Play's end prompt (the campaign's page only): the result for the campaign's player.
        await shows(page, s.actions);
        await page.waitForSelector('[data-testid=campaign-battle-ended]', { timeout: 30_000 });
        assertEqual(await page.getAttribute('[data-testid=campaign-battle-ended]', 'data-result'), want.value.result, 'the prompt names p2\'s result');
        const prompt = await text(page, '[data-testid=campaign-battle-ended]');
        assert(prompt.includes('Online Hammers') && prompt.includes(`${state.players.p2.vp}–${state.players.p1.vp} VP`), `the prompt names the campaign and p2's victory points first: ${prompt}`);
        await page.screenshot({ path: join(ctx.outputDir, 'campaign-online-ended.png') });

        // Go to the aftermath: the campaign screen opens on it and reads the finished game from the server.
        await page.click('[data-testid=campaign-ended-aftermath]');
        await page.waitForSelector('[data-testid=campaign-game-outcome][data-stage=ended]', { timeout: 30_000 });
        assertEqual(await text(page, '[data-testid=campaign-game-vp]'), `${state.players.p2.vp} – ${state.players.p1.vp}`, 'the aftermath reads the server\'s victory points, the campaign\'s player first');
        await page.click('[data-testid=campaign-take-result]');
        await page.waitForSelector('[data-testid=campaign-glory-step]');
        assertEqual(await page.getAttribute('[data-testid=campaign-outcome]', 'data-result'), want.value.result, 'the aftermath\'s outcome is the server\'s');
        const glory = gloryEarned(want.value.pointsLimit, want.value.result, want.value.generalSlain);
        assertEqual(Number(await text(page, '[data-testid=campaign-glory-earned]')), glory.total, `the glory of a ${want.value.result}`);
        await page.screenshot({ path: join(ctx.outputDir, 'campaign-online-aftermath.png') });
        for (const e of [...me.errors, ...them.errors]) assert(false, e);
        for (const pg of [page, them.page]) await pg.close();
      } catch (e) {
        throw await failedOnSharedServer(e, srv);
      }
    },
  },
];
