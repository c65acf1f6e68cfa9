/**
 * Issue 17 in the browser ("Bring your own army"): Play, then the real Flesh-eater Courts
 * kitchen-sink export (tests/fixtures/rosters, copied into the output folder at run time) for
 * player 1: the bases and heights table marks the defaults by keyword; two bases set in the table
 * show as confirmed; the unit card opens from the table; the table downloads as a bases file.
 * Another export read, the kitchen-sink list is picked again among the recently used armies (both
 * shown with name and faction) and comes back with the remembered bases. It is started against
 * the Skaven sample and battle round 1 is played to round 2 through the play hook; the army's name
 * is on screen and the selected unit's card shows the base and height set in the dialog.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, assertEqual, frames, tableViewPage, type E2EContext, type E2ETest, playReady as ready, textOf as text } from './harness';

const play = <T>(page: Page, expr: string) => page.evaluate(`window.__sightline.play.${expr}`) as Promise<T>;

/** Copies a roster export of the shared corpus into the run's output folder (never committed). */
function rosterFile(ctx: E2EContext, list: string): string {
  const to = join(ctx.outputDir, `${list}.ros`);
  copyFileSync(join(ctx.root, 'tests/fixtures/rosters/new-recruit', list, 'list.ros'), to);
  return to;
}

/**
 * Picks an army file for player 1 and waits until the dialog shows it (the file is read in the
 * game worker): the row selector appears, or `done` holds.
 */
async function importFor(page: Page, file: string, done: string | (() => boolean)): Promise<void> {
  await page.waitForSelector('[data-testid=battle-army-file-p1]:not([disabled])');
  await page.setInputFiles('[data-testid=battle-army-file-p1]', file);
  if (typeof done === 'string') await page.waitForSelector(`[data-testid=bases-p1-row-${done}]`, { timeout: 60_000 });
  else await page.waitForFunction(done, undefined, { timeout: 60_000 });
  await page.waitForSelector('[data-testid=battle-start]:not([disabled])');
}


type Summary = { round: number; stage: string; toAct: 'p1' | 'p2' | null; armies: { p1: string; p2: string } };

export const tests: E2ETest[] = [
  {
    name: 'army: a New Recruit export in the new-battle dialog: bases table, remembered bases, recent armies, unit card; round 1 played with an imported army',
    async run(ctx) {
      // The lane's default battlefield (harness `tableViewPage`); it goes on to Play, so it is closed at the end.
      const { page, errors } = await tableViewPage(ctx);
      await page.click('[data-testid=btn-play]');
      await page.waitForSelector('[data-testid=new-battle]');
      await page.waitForSelector('[data-testid=battle-start]:not([disabled])');
      await page.screenshot({ path: join(ctx.outputDir, 'army-new-battle.png') });

      // The kitchen-sink list: every unit and manifestation in the table, defaults marked by keyword.
      const fec = rosterFile(ctx, 'fec-001-ghb-kitchen-sink');
      await importFor(page, fec, 'crypt-ghouls');
      assertEqual(await text(page, '[data-testid=battle-army-name-p1]'), 'FEC1', 'the army is named as in the roster');
      const summary = await text(page, '[data-testid=battle-army-summary-p1]');
      assert(summary.includes('Flesh-eater Courts') && summary.includes('19 units') && summary.includes('89 models') && summary.includes('3 manifestations'), `army summary: ${summary}`);
      assertEqual(await page.locator('[data-testid^=bases-p1-row-]').count(), 22, '19 units and 3 manifestations in the table');
      assertEqual(await text(page, '[data-testid=bases-p1-base-from-crypt-ghouls]'), 'default by keyword INFANTRY', 'Crypt Ghouls: default base marked');
      assertEqual(await text(page, '[data-testid=bases-p1-height-from-royal-terrorgheist]'), 'default by keyword MONSTER', 'Royal Terrorgheist: default height marked');
      assertEqual(await page.inputValue('[data-testid=bases-p1-diameterMm-royal-terrorgheist]'), '100', 'MONSTER default: 100 mm round');

      // Two bases set in the table: Crypt Ghouls 25 mm round, 1.1" tall; Royal Terrorgheist 130 × 90 mm oval.
      await page.fill('[data-testid=bases-p1-diameterMm-crypt-ghouls]', '25');
      await page.fill('[data-testid=bases-p1-height-crypt-ghouls]', '1.1');
      await page.selectOption('[data-testid=bases-p1-shape-royal-terrorgheist]', 'oval');
      await page.fill('[data-testid=bases-p1-lengthMm-royal-terrorgheist]', '130');
      await page.fill('[data-testid=bases-p1-widthMm-royal-terrorgheist]', '90');
      await page.click('[data-testid=bases-p1-confirm-royal-terrorgheist]'); // its height as it is
      for (const id of ['crypt-ghouls', 'crypt-ghouls-2', 'royal-terrorgheist']) {
        assertEqual(await page.getAttribute(`[data-testid=bases-p1-row-${id}]`, 'data-status'), 'confirmed', `${id} confirmed`);
        assertEqual(await text(page, `[data-testid=bases-p1-base-from-${id}]`), 'confirmed', `${id}: base confirmed`);
      }
      assertEqual(await page.inputValue('[data-testid=bases-p1-diameterMm-crypt-ghouls-2]'), '25', 'the other unit of the same name takes the base');
      assertEqual(await page.getAttribute('[data-testid=bases-p1-row-cryptguard]', 'data-status'), 'default', 'other units keep their marked defaults');
      // A value the army format cannot hold is refused in place.
      await page.fill('[data-testid=bases-p1-height-royal-zombie-dragon]', '0');
      assertEqual(await page.getAttribute('[data-testid=bases-p1-height-royal-zombie-dragon]', 'aria-invalid'), 'true', 'a 0" height is marked invalid');
      assertEqual(await page.getAttribute('[data-testid=bases-p1-row-royal-zombie-dragon]', 'data-status'), 'default', 'and not applied');
      await page.fill('[data-testid=bases-p1-height-royal-zombie-dragon]', '5');

      // The unit card from the table.
      await page.click('[data-testid=bases-p1-card-royal-terrorgheist]');
      await page.waitForSelector('[data-testid=unit-card]');
      assertEqual(await text(page, '[data-testid=unit-card-name]'), 'Royal Terrorgheist', 'card of the unit');
      const card = await text(page, '[data-testid=unit-card]');
      assert(card.includes('130 × 90 mm oval'), `the card shows the base set in the table: ${card.slice(0, 200)}`);
      for (const k of ['move', 'health', 'save', 'control']) assert((await text(page, `[data-testid=unit-card-${k}]`)).length > 2, `characteristic ${k} shown`);
      assert((await page.locator('[data-testid=unit-card-weapon]').count()) >= 2, 'weapon profiles listed');
      assert((await text(page, '[data-testid=unit-card-keywords]')).includes('MONSTER'), 'keywords listed');
      assert((await page.locator('[data-testid=unit-card-abilities] details').count()) >= 1, 'abilities kept as text listed');
      await page.screenshot({ path: join(ctx.outputDir, 'army-dialog-card.png') });
      await page.click('[data-testid=unit-card-close]');
      await page.waitForSelector('[data-testid=unit-card]', { state: 'detached' });
      await page.screenshot({ path: join(ctx.outputDir, 'army-bases-table.png') });

      // The table as a bases file (the --bases format).
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=bases-p1-export]')]);
      const basesPath = join(ctx.outputDir, 'fec-bases.json');
      await download.saveAs(basesPath);
      const bases = JSON.parse(readFileSync(basesPath, 'utf8')) as Record<string, unknown>;
      assertEqual(JSON.stringify(bases['Crypt Ghouls']), JSON.stringify({ base: { shape: 'round', diameterMm: 25 }, heightInches: 1.1 }), 'bases file: Crypt Ghouls');
      assertEqual(JSON.stringify(bases['Royal Terrorgheist']), JSON.stringify({ base: { shape: 'oval', lengthMm: 130, widthMm: 90 }, heightInches: 5 }), 'bases file: Royal Terrorgheist');

      // Another export; both are recently used armies, shown with name and faction.
      const minimal = rosterFile(ctx, 'sce-001-minimal');
      await importFor(page, minimal, 'annihilators');
      assertEqual(await text(page, '[data-testid=battle-army-name-p1]'), 'sce-001-minimal', 'the other list is picked');
      const recent = await page.$$eval('[data-testid=battle-army-p1] optgroup[label="Recently used armies"] option', (os) => os.map((o) => o.textContent ?? ''));
      assertEqual(recent.length, 2, `two recently used armies: ${recent.join(' | ')}`);
      assert(recent[0].includes('sce-001-minimal') && recent[0].includes('Stormcast Eternals'), `newest first, with name and faction: ${recent[0]}`);
      assert(recent[1].includes('FEC1') && recent[1].includes('Flesh-eater Courts'), `the kitchen-sink list with name and faction: ${recent[1]}`);

      // The kitchen-sink list picked again among the recent armies: read again with the remembered bases (IndexedDB).
      const fecOption = await page.$eval('[data-testid=battle-army-p1] optgroup[label="Recently used armies"] option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
      await page.selectOption('[data-testid=battle-army-p1]', fecOption);
      await page.waitForFunction(() => document.querySelector('[data-testid=bases-p1-base-from-crypt-ghouls]')?.textContent === 'remembered', undefined, { timeout: 60_000 });
      await page.waitForSelector('[data-testid=battle-start]:not([disabled])');
      assertEqual(await text(page, '[data-testid=bases-p1-base-from-royal-terrorgheist]'), 'remembered', 'Royal Terrorgheist base remembered');
      assertEqual(await page.inputValue('[data-testid=bases-p1-diameterMm-crypt-ghouls]'), '25', 'remembered 25 mm');
      assertEqual(await page.inputValue('[data-testid=bases-p1-height-crypt-ghouls]'), '1.1', 'remembered 1.1"');
      assertEqual(await page.inputValue('[data-testid=bases-p1-lengthMm-royal-terrorgheist]'), '130', 'remembered oval');
      assertEqual(await page.getAttribute('[data-testid=bases-p1-row-cryptguard]', 'data-status'), 'default', 'unconfirmed units still marked');
      assert((await text(page, '[data-testid=battle-army-p2] option:checked')).includes('Skaven'), 'player 2 brings the Skaven sample');

      // Play opens in place (no reload): the address gains ?play=1 when the battle has started.
      await Promise.all([page.waitForFunction(() => new URLSearchParams(location.search).get('play') === '1', undefined, { timeout: 120_000 }), page.click('[data-testid=battle-start]')]);
      await ready(page);
      const s0 = await play<Summary>(page, 'summary()');
      assertEqual(s0.armies.p1, 'FEC1', "player 1's army is the kitchen-sink list");

      // Battle round 1: the first-turn choice, then every phase of both players ended.
      let s = s0;
      const first = await play<{ ok: boolean; reason?: string }>(page, `act(${JSON.stringify({ type: 'chooseFirstTurn', player: s.toAct, first: 'p1' })})`);
      assert(first.ok, `first turn: ${first.reason}`);
      for (let i = 0; i < 30 && s.round === 1; i++) {
        s = await play<Summary>(page, 'summary()');
        if (s.round !== 1) break;
        const r = await play<{ ok: boolean; reason?: string }>(page, `act(${JSON.stringify({ type: 'endPhase', player: s.toAct })})`);
        assert(r.ok, `end phase (${s.toAct}): ${r.reason}`);
        s = await play<Summary>(page, 'summary()');
      }
      assertEqual(s.round, 2, 'battle round 2');
      await page.waitForFunction(() => document.querySelector('[data-testid=play-round]')?.textContent === '2', undefined, { timeout: 30_000 });
      const body = await text(page, 'body');
      assert(body.includes('FEC1'), "the army's name is on screen");

      // The selected unit's card in Play mode shows the base and height set in the dialog.
      await page.evaluate(`window.__sightline.play.selectUnit('crypt-ghouls')`);
      await page.waitForSelector('[data-testid=unit-card-open-crypt-ghouls]');
      await page.click('[data-testid=unit-card-open-crypt-ghouls]');
      await page.waitForSelector('[data-testid=unit-card]');
      const played = await text(page, '[data-testid=unit-card]');
      assert(played.includes('Crypt Ghouls') && played.includes('20 models') && played.includes('25 mm round') && played.includes('1.1" tall'), `the game's unit card: ${played.slice(0, 200)}`);
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'army-card.png') });
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
      await page.close();
    },
  },
];
