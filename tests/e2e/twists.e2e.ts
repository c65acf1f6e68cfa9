/**
 * Spied Treasure on the Play screen (issue 26): a saved Path to Glory game (Relics of Myth on the
 * Path to Glory test table) whose round-1 twist placed a new objective is uploaded like a player's
 * file just before the pick: the Play panel shows the twist and offers its pick; picked there, the
 * table draws 4 objectives (the map's 3 and the new one) and the Play panel lists it.
 */
import { GameApi } from '../../src/game/session';
import { readBundledNode } from '../../src/game/node';
import { openGame, prepareGame } from '../../src/game/start';
import { playScripted } from '../../src/rules/engine/policy';
import { sampleRoster } from '../../src/rules/engine/testkit';
import type { Action } from '../../src/rules/engine/state';
import { PTG_TABLE } from '../campaign/play';
import { uploadGame } from './savedGame';
import { assert, assertEqual, clickPlay, openPlay, playCall as play, textOf as text, type E2ETest } from './harness';

const armies = () => ({ p1: { army: 'south', roster: sampleRoster('p1') }, p2: { army: 'north', roster: sampleRoster('p2') } });

/** The scripted policy's actions from the start until the round-1 twist is picked (seed 1: p2 places Spied Treasure at (9, 31)). */
function untilTwistPicked(): Action[] {
  const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: armies(), seed: 1, battleplan: 'relics-of-myth' });
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const opened = openGame(prepared.setup, new Map(), prepared.terrain);
  if (!opened.ok) throw new Error(opened.problems.join('\n'));
  const r = playScripted(opened.game.state, opened.game.port, 10);
  const i = r.actions.findIndex((a) => a.type === 'twistPick');
  if (i < 0) throw new Error('no twist pick in the first 10 actions');
  return r.actions.slice(0, i + 1);
}

export const tests: E2ETest[] = [
  {
    name: 'twists: the round\'s twist shown in Play; Spied Treasure picked from the panel places an objective the table draws',
    async run(ctx) {
      const { page, errors } = await openPlay(ctx);
      const setup = { scenario: structuredClone(PTG_TABLE), armies: armies(), seed: 1, battleplan: 'relics-of-myth' };
      const actions = untilTwistPicked();
      // The saved game up to the twist rolled (its pick left to the player on the page).
      await uploadGame(ctx, page, setup, actions.slice(0, -1), 'twists-spied-treasure.json');
      await page.waitForSelector('[data-testid=play-twist][data-twist="Spied Treasure"][data-roller=p2]');
      const banner = await text(page, '[data-testid=play-twist]');
      assert(banner.includes('place 1 new objective in neutral territory'), `the twist's text: ${banner}`);
      assert((await text(page, '[data-testid=play-twist-pick]')).includes('where a new objective goes'), 'what is still to pick');
      // The pick is the panel's option for the roller: the first legal point, (9, 31), as the scripted policy picks it.
      const option = await text(page, '[data-testid=play-g-twist]');
      assert(option.includes('(9.0", 31.0")'), `the pick offered: ${option}`);
      await clickPlay(page, 'play-g-twist');
      await page.waitForFunction(() => /\b4 objectives\b/.test(document.querySelector('.info .counts')?.textContent ?? ''), undefined, { timeout: 30_000 });
      const api = new GameApi({ readBundled: readBundledNode });
      assert((await api.startOnTable(setup)).ok, 'the set-up starts in Node');
      for (const a of actions) assert(api.act(a).ok, `accepted: ${JSON.stringify(a)}`);
      assertEqual(await play<string>(page, 'hash()'), api.hash(), 'the page\'s pick reaches the state of the policy\'s pick');
      const objectives = await text(page, '[data-testid=play-objectives]');
      assert(objectives.includes('spied-treasure-r1'), `the Play panel lists the new objective: ${objectives}`);
      assert((await text(page, '[data-testid=play-twist-pick]')).includes('spied-treasure-r1 at (9.0", 31.0")'), 'the pick shown');
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
    },
  },
];
