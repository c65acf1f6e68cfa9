/**
 * Issue 26 item 5, the Path to Glory campaign screen, with a real New Recruit export
 * (`tests/fixtures/rosters/new-recruit/sce-002-units-a/list.json`):
 * - Campaign → a new campaign from the imported army: the HEROES offered as warlord, Gardus
 *   refused with its rule (UNIQUE); the Knight-Questor on the Path of the Warrior with Berserker,
 *   the Liberators and the Sequitors (320 points shown);
 * - a Path to Glory battle on the default battlefield against the Skaven sample, The Decisive Battle
 *   picked, seed 7: hot-seat Play starts with that battleplan; its first battle round played;
 * - the campaign screen in Play: the battle ended here, the aftermath step by step (glory by the
 *   table, the Sequitors as favoured warriors with a seed that makes them cross the Aspiring rank,
 *   found in Node with the same `runAftermath`: the same rolls and renown on the page), then the
 *   rank's ability chosen (a Path first); the file saved. The campaign is kept in the browser: the
 *   page reloads into Play and finds it with its battle.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { gloryEarned, RELICS_REWARD, runAftermath, type BattleOutcome } from '../../src/campaign/aftermath';
import type { BattleResult } from '../../src/campaign/data';
import { readArmyBytes } from '../../src/campaign/armyFile';
import { chooseRankAbility, newCampaign } from '../../src/campaign/roster';
import { testArmy } from '../../src/campaign/testArmy';
import { parseCampaign, type Campaign } from '../../src/campaign/schema';
import { assert, assertEqual, keptPage, openApp, playCall as play, playReady, textOf as text, type E2EContext, type E2ETest, type OpenedPage } from './harness';

const ROSTER = 'tests/fixtures/rosters/new-recruit/sce-002-units-a/list.json';

interface Summary {
  round: number;
  stage: string;
  decider: 'p1' | 'p2';
  toAct: 'p1' | 'p2' | null;
  battleplan: string;
}
interface Slot {
  campaign: Campaign;
  battle: { battleplan: string; seed: number } | null;
}

const slot = (page: Page) => page.evaluate('window.__sightlineCampaign?.slot()') as Promise<Slot | null | undefined>;

async function openCampaign(page: Page): Promise<void> {
  // Already open on a kept page (the previous test left it there): the button would close it.
  if (!(await page.$('[data-testid=campaign-screen]'))) await page.click('[data-testid=btn-campaign]');
  await page.waitForSelector('[data-testid=campaign-screen]');
  await page.waitForFunction(() => window.__sightlineCampaign?.slot() !== undefined);
}

/**
 * The page the campaign-file tests share (harness `keptPage`: one boot, 8-9.5 CPU-s, for both): the
 * first boots it with no campaign kept; the next gets it with the campaign the previous one left
 * opened and unchanged (so a file opened over it opens at once, as on a fresh page), the campaign
 * screen open. The tests must not close it.
 */
const campaignPage = (ctx: E2EContext): Promise<OpenedPage> => keptPage(ctx, 'campaign: the campaign screen', () => openApp(ctx));

export const tests: E2ETest[] = [
  {
    name: 'campaign: a campaign from an imported roster, a Path to Glory battle\'s first round in Play, ended here, the aftermath step by step, a rank crossed and its ability chosen, saved; kept across the reload into Play',
    async run(ctx) {
      const { page, errors } = await openApp(ctx);
      await openCampaign(page);
      await page.waitForSelector('[data-testid=campaign-new]');

      // 1. New campaign from the roster export.
      await page.setInputFiles('[data-testid=campaign-army-file]', join(ctx.root, ROSTER));
      await page.waitForSelector('[data-testid=campaign-warlord-knight-questor][data-eligible=true]', { timeout: 30_000 });
      const gardus = await text(page, '[data-testid=campaign-warlord-gardus-steel-soul]');
      assert(gardus.includes('Ascension › Path to Glory Roster › 1') && gardus.includes('the warlord cannot be UNIQUE'), `Gardus is refused with its rule: ${gardus}`);
      assert((await page.$('[data-testid=campaign-warlord-liberators]')) === null, 'a unit that is not a HERO is not offered as warlord');
      await page.check('[data-testid=campaign-warlord-knight-questor] input');
      assertEqual(await page.inputValue('[data-testid=campaign-path]'), 'warrior', 'the Path of the Warrior first');
      await page.check('[data-testid=campaign-first-ability] label:has-text("Berserker") input');
      await page.check('[data-testid=campaign-unit-liberators] input');
      await page.check('[data-testid=campaign-unit-sequitors] input');
      assertEqual(await text(page, '[data-testid=campaign-points]'), '320', 'the points of the starting units, warlord included (110 + 90 + 120)');
      await page.fill('[data-testid=campaign-name]', 'Hammers of the Questor');
      await page.click('[data-testid=campaign-create]');
      await page.waitForSelector('[data-testid=campaign-overview]');
      assertEqual(await page.getAttribute('[data-testid=campaign-oob-knight-questor]', 'data-renown'), '5', 'the warlord starts with 5 renown');
      assertEqual(await page.getAttribute('[data-testid=campaign-oob-knight-questor]', 'data-rank'), 'Aspiring', 'and the Aspiring rank');
      assertEqual(await text(page, '[data-testid=campaign-abilities-knight-questor]'), 'Berserker', 'its first ability');
      assertEqual(await text(page, '[data-testid=campaign-oob-points]'), '320', 'the Order of Battle\'s points');
      await page.screenshot({ path: join(ctx.outputDir, 'campaign-new.png') });

      // 2. A Path to Glory battle: The Decisive Battle, seed 7, against the Skaven sample.
      await page.click('[data-testid=campaign-start-battle]');
      await page.waitForSelector('[data-testid=campaign-battle-form]');
      await page.selectOption('[data-testid=campaign-battleplan]', 'the-decisive-battle');
      await page.fill('[data-testid=campaign-battle-seed]', '7');
      // Play opens in place (no reload): the address gains ?play=1 when the battle has started.
      await Promise.all([page.waitForFunction(() => new URLSearchParams(location.search).get('play') === '1', undefined, { timeout: 120_000 }), page.click('[data-testid=campaign-battle-start]')]);
      await playReady(page);
      let s = await play<Summary>(page, 'summary()');
      assertEqual(s.battleplan, 'The Decisive Battle', 'Play starts the battleplan picked');

      // The first battle round: the priority roll decided, every phase of both turns ended.
      for (let i = 0; i < 40 && s.round === 1; i++) {
        const a = s.stage === 'firstTurn' ? { type: 'chooseFirstTurn', player: s.decider, first: s.decider } : { type: 'endPhase', player: s.toAct };
        const r = await play<{ ok: boolean; reason?: string; summary?: Summary }>(page, `act(${JSON.stringify(a)})`);
        assert(r.ok && r.summary, `${JSON.stringify(a)}: ${r.reason}`);
        s = r.summary;
      }
      assertEqual(s.round, 2, 'the first battle round is over');

      // 3. The campaign screen in Play: the battle in progress, ended here.
      await openCampaign(page);
      await page.waitForSelector('[data-testid=campaign-battle-in-progress]');
      // The page was reloaded into Play: the campaign and its battle come from the browser's store.
      const kept = await slot(page);
      assertEqual(kept?.battle?.battleplan, 'the-decisive-battle', 'the campaign remembers its battle (kept in the browser across the reload into Play)');
      assertEqual(kept?.campaign.name, 'Hammers of the Questor', 'and the campaign');
      await page.click('[data-testid=campaign-to-aftermath]');
      await page.click('[data-testid=campaign-end-here]');
      await page.waitForSelector('[data-testid=campaign-glory-step]');
      const result = (await page.getAttribute('[data-testid=campaign-outcome]', 'data-result')) as BattleResult;
      const glory = gloryEarned(1000, result, false);
      assertEqual(Number(await text(page, '[data-testid=campaign-glory-earned]')), glory.total, `the glory of a ${result} at 1000 points, general alive`);
      await page.click('[data-testid=campaign-next]');

      // Renown: a seed with which the favoured Sequitors cross the Aspiring rank (D3 + D6 >= 5), found with the same engine.
      const c0 = (await slot(page))!.campaign;
      const outcome: BattleOutcome = { pointsLimit: 1000, result, generalSlain: false, units: { 'knight-questor': 'survived', liberators: 'survived', sequitors: 'survived' }, questPoints: 0, championSlew: false, battleplan: 'the-decisive-battle' };
      let seed = 1;
      const runWith = (k: number) => runAftermath(c0, outcome, { seed: k, favoured: 'sequitors' });
      while (seed < 500) {
        const r = runWith(seed);
        if (r.ok && r.value.campaign.units.find((u) => u.id === 'sequitors')!.renown >= 5) break;
        seed++;
      }
      const want = runWith(seed);
      assert(want.ok, 'the aftermath runs in Node');
      const seq = want.value.campaign.units.find((u) => u.id === 'sequitors')!;
      await page.selectOption('[data-testid=campaign-favoured]', 'sequitors');
      await page.fill('[data-testid=campaign-aftermath-seed]', String(seed));
      await page.click('[data-testid=campaign-roll-renown]');
      await page.waitForSelector('[data-testid=campaign-rolls]');
      const rolls = await page.$$eval('[data-testid=campaign-rolls] li', (ls) => ls.map((l) => l.textContent ?? ''));
      assertEqual(rolls.length, want.value.aftermath.rolls.length, 'every roll is shown');
      want.value.aftermath.rolls.forEach((r, i) => assert(rolls[i].includes(r.why) && rolls[i].includes(r.dice.join(', ')), `roll ${i}: ${rolls[i]} shows ${r.dice} — ${r.why}`));
      // Two lines for the Sequitors: the D3 for taking part, then the favoured warriors' D6.
      const lines = await page.$$eval('[data-testid=campaign-renown-line-sequitors]', (ls) => ls.map((l) => l.textContent ?? ''));
      assertEqual(lines.length, 2, `the Sequitors' renown lines (${lines.join(' | ')})`);
      const line = lines[1];
      assert(line.includes(`→ ${seq.renown}`) && line.includes('new rank: Aspiring'), `the Sequitors reach ${seq.renown} renown and the Aspiring rank: ${line}`);
      await page.screenshot({ path: join(ctx.outputDir, 'campaign-renown.png') });
      await page.click('[data-testid=campaign-next]');
      await page.waitForSelector('[data-testid=campaign-oob-step]');
      await page.click('[data-testid=campaign-apply]');

      // The rank's ability: the Sequitors have no Path yet (non-HERO: Defender or Attacker).
      await page.waitForSelector('[data-testid=campaign-rank-sequitors][data-rank=Aspiring]');
      const paths = await page.$$eval('[data-testid=campaign-rank-path-sequitors] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
      assertEqual(paths.join(','), 'defender,attacker', 'the Paths of non-HERO units');
      await page.selectOption('[data-testid=campaign-rank-path-sequitors]', 'attacker');
      await page.screenshot({ path: join(ctx.outputDir, 'campaign-rank.png') });
      const ability = await page.getAttribute('[data-testid=campaign-ability-sequitors] >> nth=0', 'data-ability');
      await page.click('[data-testid=campaign-ability-sequitors] >> nth=0');
      await page.waitForFunction(() => !document.querySelector('[data-testid=campaign-rank-sequitors]'));
      const after = (await slot(page))!;
      const sq = after.campaign.units.find((u) => u.id === 'sequitors')!;
      assertEqual(`${sq.renown} ${sq.rank} ${sq.path} ${sq.abilities.join(',')}`, `${seq.renown} Aspiring attacker ${ability}`, 'the Sequitors\' renown, rank, Path and ability');
      assertEqual(after.campaign.glory, want.value.campaign.glory, 'glory after the aftermath');
      assertEqual(after.campaign.battles.length, 1, 'one battle in the history');
      assertEqual(after.battle, null, 'the battle is over');
      await page.click('[data-testid=campaign-aftermath-close]');
      await page.waitForSelector('[data-testid=campaign-battle-1]');
      assertEqual(await page.getAttribute('[data-testid=campaign-oob-sequitors]', 'data-rank'), 'Aspiring', 'the Order of Battle shows the new rank');

      // Saved as a file that parses back to the same campaign.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=campaign-save]')]);
      const file = join(ctx.outputDir, 'campaign.json');
      await download.saveAs(file);
      const parsed = parseCampaign(JSON.parse(readFileSync(file, 'utf8')));
      assert(parsed.ok, `the saved file is a valid campaign: ${parsed.ok ? '' : parsed.problems.join('; ')}`);
      assertEqual(JSON.stringify(parsed.campaign), JSON.stringify(after.campaign), 'the file holds the campaign');
      await page.screenshot({ path: join(ctx.outputDir, 'campaign-history.png') });
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
      await page.close();
    },
  },
  {
    name: 'campaign: a campaign file opened (a bad one refused with its paths), a real-table battle entered by hand, glory by the table, a refused reinforcement named by its rule, a unit added from an army file',
    async run(ctx) {
      // The campaign of tests/campaign/cli.test.ts, made in Node from the same export.
      const army = readArmyBytes(readFileSync(join(ctx.root, ROSTER)), 'list.json');
      assert(army.ok, 'the export is read');
      const made = newCampaign(army.army, { warlord: 'knight-questor', path: 'warrior', units: ['liberators', 'sequitors'], name: 'Hammers' });
      assert(made.ok, 'the campaign is made');
      const ranked = chooseRankAbility(made.value, 'knight-questor', 'Well of Strength');
      assert(ranked.ok, 'its first ability');
      const file = join(ctx.outputDir, 'hammers-campaign.json');
      writeFileSync(file, JSON.stringify(ranked.value));
      const bad = join(ctx.outputDir, 'bad-campaign.json');
      writeFileSync(bad, JSON.stringify({ ...ranked.value, glory: -1 }));

      const { page, errors } = await openApp(ctx);
      await openCampaign(page);
      await page.setInputFiles('[data-testid=campaign-open-file]', bad);
      await page.waitForSelector('[data-testid=campaign-refusals]');
      assertEqual(await text(page, '[data-testid=campaign-refusals]'), 'bad-campaign.json: glory: glory points are never negative', 'the bad file\'s problem, with its path');
      await page.setInputFiles('[data-testid=campaign-open-file]', file);
      await page.waitForSelector('[data-testid=campaign-overview]');
      assertEqual(await text(page, '[data-testid=campaign-title]'), 'Hammers', 'the campaign opened');
      assertEqual(await text(page, '[data-testid=campaign-abilities-knight-questor]'), 'Well of Strength', 'its warlord\'s ability');

      // A battle on a real table: 1500 points, a major victory, the Sequitors destroyed.
      await page.click('[data-testid=campaign-outcome-entry]');
      await page.fill('[data-testid=campaign-outcome-points]', '1500');
      await page.selectOption('[data-testid=campaign-outcome-result]', 'major-victory');
      await page.selectOption('[data-testid=campaign-outcome-unit-sequitors]', 'destroyed');
      await page.click('[data-testid=campaign-outcome-ok]');
      // 1251-1750 column: fought 60, major victory 30, general not slain 10.
      assertEqual(await text(page, '[data-testid=campaign-glory-earned]'), '100', 'the glory of the table');
      await page.click('[data-testid=campaign-next]');
      await page.selectOption('[data-testid=campaign-favoured]', 'liberators');
      await page.fill('[data-testid=campaign-aftermath-seed]', '7');
      await page.click('[data-testid=campaign-roll-renown]');
      await page.waitForSelector('[data-testid=campaign-quest-step]');
      await page.click('[data-testid=campaign-next]');
      await page.waitForSelector('[data-testid=campaign-oob-step]');
      await page.setInputFiles('[data-testid=campaign-add-army-file]', join(ctx.root, ROSTER));
      await page.waitForSelector('[data-testid=campaign-add] option[value=vindictors]', { state: 'attached', timeout: 30_000 });
      await page.selectOption('[data-testid=campaign-add]', 'vindictors');
      await page.selectOption('[data-testid=campaign-reinforce]', 'liberators');
      await page.click('[data-testid=campaign-apply]');
      await page.waitForSelector('[data-testid=campaign-refusals]');
      assertEqual(await text(page, '[data-testid=campaign-refusals]'), 'Ascension › Manage Your Order of Battle: reinforcing Liberators costs 90 glory points; you have 10', 'the reinforcement is refused with its rule');
      await page.selectOption('[data-testid=campaign-reinforce]', '');
      await page.click('[data-testid=campaign-apply]');
      await page.waitForSelector('[data-testid=campaign-ranks-step]');
      const after = (await slot(page))!.campaign;
      assertEqual(after.glory, 10, '100 glory earned, 90 spent on the Vindictors');
      assertEqual(after.units.map((u) => u.id).join(','), 'knight-questor,liberators,sequitors,vindictors', 'the Vindictors join the Order of Battle');
      assertEqual(after.battles[0].result, 'major-victory', 'the battle in the history');
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
      await page.close();
    },
  },
  {
    name: 'campaign file: opening one over a campaign with unsaved progress asks first (keep, save then replace, replace)',
    async run(ctx) {
      // Two campaign files made in Node: "Hammers" with the warlord's first ability still to choose, and "Anvils".
      const make = (name: string) => {
        const r = newCampaign(testArmy(), { warlord: 'knight', path: 'warrior', units: ['liberators'], name });
        assert(r.ok, `${name} is made`);
        return r.value;
      };
      const hammers = make('Hammers');
      const anvils = make('Anvils');
      const fileOf = (c: Campaign) => {
        const f = join(ctx.outputDir, `${c.name.toLowerCase()}-replace-campaign.json`);
        writeFileSync(f, JSON.stringify(c));
        return f;
      };
      const { page, errors } = await campaignPage(ctx);
      await openCampaign(page);
      // Nothing kept yet: the file opens at once.
      await page.setInputFiles('[data-testid=campaign-open-file]', fileOf(hammers));
      await page.waitForSelector('[data-testid=campaign-title]:has-text("Hammers")');
      // Opened and unchanged: another file replaces it at once too (nothing would be lost).
      await page.setInputFiles('[data-testid=campaign-open-file]', fileOf(anvils));
      await page.waitForSelector('[data-testid=campaign-title]:has-text("Anvils")');
      // Progress: the warlord's first ability chosen (not saved to a file).
      await page.click('[data-testid=campaign-ability-knight][data-ability="Berserker"]');
      await page.waitForSelector('[data-testid=campaign-abilities-knight]:has-text("Berserker")');
      await page.setInputFiles('[data-testid=campaign-open-file]', fileOf(hammers));
      await page.waitForSelector('[data-testid=campaign-replace]');
      const asked = await text(page, '[data-testid=campaign-replace]');
      assert(asked.includes('Replace Anvils with Hammers') && asked.includes('"Anvils" has changes not saved to a file'), `the prompt names both and what would be lost: ${asked}`);
      // Keep: nothing changes.
      await page.click('[data-testid=campaign-replace-cancel]');
      await page.waitForSelector('[data-testid=campaign-overview]');
      assertEqual((await slot(page))!.campaign.name, 'Anvils', 'kept');
      assertEqual((await slot(page))!.campaign.units[0].abilities.join(','), 'Berserker', 'with its progress');
      // Save it, then replace: the file downloaded is the campaign with its progress.
      await page.setInputFiles('[data-testid=campaign-open-file]', fileOf(hammers));
      await page.waitForSelector('[data-testid=campaign-replace]');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=campaign-replace-save]')]);
      const saved = join(ctx.outputDir, 'anvils-saved-campaign.json');
      await download.saveAs(saved);
      const back = parseCampaign(JSON.parse(readFileSync(saved, 'utf8')));
      assert(back.ok && back.campaign.name === 'Anvils' && back.campaign.units[0].abilities[0] === 'Berserker', 'the saved file is Anvils with Berserker');
      await page.waitForSelector('[data-testid=campaign-title]:has-text("Hammers")');
      // Replace without saving.
      await page.click('[data-testid=campaign-ability-knight][data-ability="Well of Strength"]');
      await page.waitForSelector('[data-testid=campaign-abilities-knight]:has-text("Well of Strength")');
      await page.setInputFiles('[data-testid=campaign-open-file]', fileOf(anvils));
      await page.waitForSelector('[data-testid=campaign-replace]');
      await page.click('[data-testid=campaign-replace-yes]');
      await page.waitForSelector('[data-testid=campaign-title]:has-text("Anvils")');
      assertEqual((await slot(page))!.campaign.units[0].abilities.length, 0, 'the file as it was');
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'campaign rewards: an artefact of power (Search for the Artefact) given to a HERO from the quest log; a refusal names the rule',
    async run(ctx) {
      const made = newCampaign(testArmy(), { warlord: 'knight', path: 'warrior', units: ['liberators', 'gardus', 'arcanum'], name: 'Seekers', quest: 'search-for-the-artefact' });
      assert(made.ok, 'the campaign is made');
      const first = chooseRankAbility(made.value, 'knight', 'Berserker');
      assert(first.ok, 'its first ability');
      const done = runAftermath(first.value, { pointsLimit: 1000, result: 'minor-victory', generalSlain: false, units: { knight: 'survived' }, questPoints: 3 }, { seed: 1 });
      assert(done.ok, 'the quest completes');
      const c = { ...done.value.campaign, pendingRewards: [...(done.value.campaign.pendingRewards ?? []), RELICS_REWARD] };
      const file = join(ctx.outputDir, 'seekers-campaign.json');
      writeFileSync(file, JSON.stringify(c));
      const { page, errors } = await campaignPage(ctx);
      await openCampaign(page);
      await page.setInputFiles('[data-testid=campaign-open-file]', file);
      await page.waitForSelector('[data-testid=campaign-reward-1][data-kind=artefact]');
      // The units offered: the HEROES that are not UNIQUE (Gardus is not offered).
      const offered = await page.$$eval('[data-testid=campaign-reward-unit-1] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
      assertEqual(offered.join(','), 'knight,arcanum', 'the eligible HEROES');
      await page.click('[data-testid=campaign-reward-give-1]');
      await page.waitForSelector('[data-testid=campaign-refusals]');
      assert((await text(page, '[data-testid=campaign-refusals]')).includes('name the artefact of power given'), 'a reward without a name is refused');
      await page.fill('[data-testid=campaign-reward-name-1]', 'Quicksilver Draught');
      await page.selectOption('[data-testid=campaign-reward-unit-1]', 'knight');
      await page.click('[data-testid=campaign-reward-give-1]');
      await page.waitForSelector('[data-testid=campaign-enhancement-knight]:has-text("Quicksilver Draught")');
      // Relics of Myth's artefact is now reward 1: the knight has an artefact, so only the Lord-Arcanum is offered.
      await page.waitForSelector('[data-testid=campaign-reward-1][data-kind=artefact]');
      const now = await page.$$eval('[data-testid=campaign-reward-unit-1] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
      assertEqual(now.join(','), 'arcanum', 'one artefact per HERO');
      const kept = (await slot(page))!.campaign;
      assertEqual(JSON.stringify(kept.enhancements), JSON.stringify([{ name: 'Quicksilver Draught', unit: 'knight', type: 'artefact' }]), 'the enhancement on the Order of Battle');
      assertEqual(JSON.stringify(kept.pendingRewards), JSON.stringify([RELICS_REWARD]), 'one reward left to give');
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
    },
  },
];
