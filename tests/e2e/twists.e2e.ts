/**
 * Spied Treasure on the Play screen (issue 26): a saved Path to Glory game (Relics of Myth on the
 * Path to Glory test table) whose round-1 twist placed a new objective is uploaded like a player's
 * file just before the pick: the Play panel shows the twist and offers its pick; picked there, the
 * table draws 4 objectives (the map's 3 and the new one) and the Play panel lists it.
 *
 * A twist pick owed by the player who is not active (issue 37 item 2): Wreck and Ruin, seed 1,
 * uploaded at the start of round 1 (p1's turn, p2 rolled At All Costs): the banner says p2 owes
 * the pick, ending the phase is refused with the twist's rule, p2's pick from the panel is named in
 * the banner and the phase then ends.
 */
import { GameApi } from '../../src/game/session';
import { readBundledNode } from '../../src/game/node';
import { openGame, prepareGame } from '../../src/game/start';
import { playScripted, scriptedPolicy } from '../../src/rules/engine/policy';
import { twistPickOwed } from '../../src/rules/engine/ascension';
import { isAlive, offTable } from '../../src/rules/engine/core';
import { sampleRoster } from '../../src/rules/engine/testkit';
import type { Action, GameState } from '../../src/rules/engine/state';
import { PTG_TABLE } from '../campaign/play';
import { uploadGame } from './savedGame';
import { assert, assertEqual, clickPlay, pageToLoadInto, playCall as play, textOf as text, type E2ETest } from './harness';

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

/**
 * The scripted policy's actions from the start of Wreck and Ruin (seed 1) until a twist pick is
 * owed by a roller who is not the active player (issue 37 item 2): p1 takes the first turn and
 * p2 rolled At All Costs (a friendly unit). Returns those actions and the state there.
 */
function untilPickOwedByTheOtherPlayer(): { actions: Action[]; state: GameState } {
  const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: armies(), seed: 1, battleplan: 'wreck-and-ruin' });
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const opened = openGame(prepared.setup, new Map(), prepared.terrain);
  if (!opened.ok) throw new Error(opened.problems.join('\n'));
  const policy = scriptedPolicy(opened.game.port);
  const actions: Action[] = [];
  let s = opened.game.state;
  while (actions.length < 10) {
    const owed = twistPickOwed(s);
    if (owed && owed.player !== s.active) return { actions, state: s };
    const { action, result } = policy.next(s);
    actions.push(action);
    s = result.state;
  }
  throw new Error('no pick owed by the player who is not active in the first 10 actions');
}

export const tests: E2ETest[] = [
  {
    name: 'twists: the round\'s twist shown in Play; Spied Treasure picked from the panel places an objective the table draws',
    async run(ctx) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step that touches the page reloads it
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
  {
    name: 'twists: a twist pick owed by the player who is not active (Wreck and Ruin, At All Costs) blocks ending the phase in Play until picked from the panel',
    async run(ctx) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step that touches the page reloads it
      const setup = { scenario: structuredClone(PTG_TABLE), armies: armies(), seed: 1, battleplan: 'wreck-and-ruin' };
      const { actions, state } = untilPickOwedByTheOtherPlayer();
      assertEqual(state.active, 'p1', 'p1 takes the first turn');
      assertEqual(state.ascension!.twists[0].roller, 'p2', 'and p2 rolled the twist');
      await uploadGame(ctx, page, setup, actions, 'twists-owed-pick.json');
      await page.waitForSelector('[data-testid=play-twist][data-twist="At All Costs"][data-roller=p2]');
      const armiesShown = (await play<{ armies: { p1: string; p2: string } }>(page, 'summary()')).armies;
      // The banner: the pick is owed by the roller, now.
      const owedNote = await text(page, '[data-testid=play-twist-pick]');
      assert(owedNote.includes(`${armiesShown.p2} picks a friendly unit now`), `the banner says the roller owes the pick: ${owedNote}`);
      // Ending the phase is not offered: refused with the twist's rule while the pick is owed.
      assert((await page.$('[data-testid=play-g-endPhase]')) === null, 'no button ends the phase while the pick is owed');
      const refused = await text(page, '[data-testid=play-g-endPhase-na]');
      assert(refused.includes('rolled At All Costs and picks a friendly unit for it first') && refused.includes('Ascension › Wreck and Ruin › At All Costs'), `the refusal names the twist and its rule: ${refused}`);
      assert(refused.includes(`${armiesShown.p2} rolled At All Costs`), `the roller by its army's name: ${refused}`);
      // The roller's options: one per friendly unit on the battlefield (by roster name; a unit off it cannot be picked) and picking nothing.
      const offered = await page.$$eval('[data-testid=play-g-twist]', (bs) => bs.map((b) => (b.textContent ?? '').trim()));
      const own = Object.values(state.units).filter((u) => u.owner === 'p2' && isAlive(state, u.id) && !offTable(state, u.id)).map((u) => state.players.p2.roster.units.find((r) => r.id === u.id)!.name);
      assertEqual(offered.length, own.length + 1, `a pick per p2 unit and "pick nothing": ${offered.join(' | ')}`);
      assert(offered.at(-1)!.includes('→ pick nothing'), `the last option picks nothing: ${offered.at(-1)}`);
      assert(offered[0].includes(`At All Costs → ${own[0]}`), `the first option names the unit: ${offered[0]}`);
      // The roller picks from the panel: the banner names the unit, and the phase can end.
      await clickPlay(page, 'play-g-twist');
      await page.waitForFunction((name) => (document.querySelector('[data-testid=play-twist-pick]')?.textContent ?? '').includes(`picked: ${name}`), own[0], { timeout: 30_000 });
      assert((await page.$('[data-testid=play-g-endPhase-na]')) === null, 'ending the phase is no longer refused');
      await clickPlay(page, 'play-g-endPhase');
      const after = await play<{ round: number; active: string; phase: string }>(page, 'summary()');
      assertEqual([after.round, after.active, after.phase].join(' '), '1 p1 hero', 'the start of the turn ended: p1\'s hero phase of round 1');
      const api = new GameApi({ readBundled: readBundledNode });
      assert((await api.startOnTable(setup)).ok, 'the set-up starts in Node');
      const firstUnit = Object.values(state.units).find((u) => u.owner === 'p2' && isAlive(state, u.id) && !offTable(state, u.id))!.id;
      for (const a of [...actions, { type: 'twistPick', player: 'p2', unitId: firstUnit }, { type: 'endPhase', player: 'p1' }] as Action[]) assert(api.act(a).ok, `accepted: ${JSON.stringify(a)}`);
      assertEqual(await play<string>(page, 'hash()'), api.hash(), 'the page\'s pick and end of phase reach the state of the same actions in Node');
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
    },
  },
];
