/**
 * Spied Treasure on the Play screen (issue 26): a saved Path to Glory game (Relics of Myth on the
 * Path to Glory test table) whose round-1 twist placed a new objective is uploaded like a player's
 * file; the table then draws 4 objectives (the map's 3 and the new one) and the Play panel lists it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GameApi } from '../../src/game/session';
import { readBundledNode } from '../../src/game/node';
import { openGame, prepareGame } from '../../src/game/start';
import { playScripted } from '../../src/rules/engine/policy';
import { sampleRoster } from '../../src/rules/engine/testkit';
import type { Action } from '../../src/rules/engine/state';
import { PTG_TABLE } from '../campaign/play';
import { assert, assertEqual, openPlay, playReady as ready, playCall as play, textOf as text, type E2ETest } from './harness';

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
    name: 'twists: a saved game where Spied Treasure placed an objective draws it on the table',
    async run(ctx) {
      const { page, errors } = await openPlay(ctx);
      const api = new GameApi({ readBundled: readBundledNode });
      const started = await api.startOnTable({ scenario: structuredClone(PTG_TABLE), armies: armies(), seed: 1, battleplan: 'relics-of-myth' });
      assert(started.ok, `the set-up starts: ${started.ok ? '' : started.problems.join('; ')}`);
      const actions = untilTwistPicked();
      for (const a of actions) assert(api.act(a).ok, `accepted: ${JSON.stringify(a)}`);
      const path = join(ctx.outputDir, 'twists-spied-treasure.json');
      writeFileSync(path, JSON.stringify(api.save()));
      await Promise.all([page.waitForEvent('load'), page.setInputFiles('[data-testid=play-load]', path)]);
      await ready(page);
      assertEqual(await play<string>(page, 'hash()'), api.hash(), 'the uploaded game reaches the same state');
      await page.waitForFunction(() => /\b4 objectives\b/.test(document.querySelector('.info .counts')?.textContent ?? ''), undefined, { timeout: 30_000 });
      const objectives = await text(page, '[data-testid=play-objectives]');
      assert(objectives.includes('spied-treasure-r1'), `the Play panel lists the new objective: ${objectives}`);
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
    },
  },
];
