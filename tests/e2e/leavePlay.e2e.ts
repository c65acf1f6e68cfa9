/**
 * Leaving Play (issue 28 item 11): the top-right "Leave Play" button returns to the table view in
 * place, without loading the page again: a marker set on `window` survives, no page load
 * happens, the address loses `?play=1`, the table view is ready again with its
 * "Play" button, and the game in progress stays autosaved (resumed by `?play=1`).
 */
import type { Page } from 'playwright-core';
import { assert, assertEqual, freshPlayPage, playCall as play, rejectAfter, reopenPlayBy, textOf as text, type E2ETest } from './harness';

interface Label {
  value: number | null;
  text: string;
}

/** A new game's first turn chosen (p1) and its hero phase ended: p1's movement phase. */
async function toMovement(page: Page): Promise<void> {
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }]) {
    const r = await play<{ ok: boolean; reason?: string }>(page, `act(${JSON.stringify(a)})`);
    assert(r.ok, `action ${JSON.stringify(a)}: ${r.reason}`);
  }
}

/**
 * Holds a Liberator's drag 0.3" then 0.5" north (two live questions to the game worker) and waits
 * each time for the engine's measured label, giving up after 60 s with a failure (the page's own
 * wait has no bound: a label never measured would hang).
 */
async function measuredHold(page: Page, what: string): Promise<void> {
  const [x, y] = (await play<{ board: { positions: Record<string, [number, number]> } }>(page, 'summary()')).board.positions['sce-liberators-1'];
  for (const dy of [0.3, 0.5]) {
    const label = await rejectAfter(play<Label>(page, `dragHold('sce-liberators-1', [${x}, ${y + dy}])`), 60_000, () => `${what}: the live drag label at ${dy}" was never measured within 60 s`);
    assert(label.value !== null && Math.abs(label.value - dy) < 0.05, `${what}: the label measures the ${dy}" hold: ${label.text}`);
  }
  await play(page, `dragRelease()`);
  await play(page, `clearStaged()`);
}

export const tests: E2ETest[] = [
  {
    name: 'leave play: the Leave Play button returns to the table view without a page reload; live drag labels measured after Resume and after New game in place',
    async run(ctx) {
      // A new game on the lane's Play page (New game in place; booted where the lane holds none).
      const { page, errors } = await freshPlayPage(ctx);
      assertEqual(await text(page, '[data-testid=btn-play]'), 'Leave Play', 'in Play the button leaves Play');
      // Into the movement phase, and one live drag label measured (the game worker now holds a live
      // question number): after Leave Play and Resume, and after New game, labels are measured too.
      await toMovement(page);
      await play(page, 'setMoveOne(true)');
      await measuredHold(page, 'before Leave Play');
      const autosave = await page.evaluate(() => localStorage.getItem('sightline.play.autosave'));
      assert(autosave, 'the game in progress is autosaved');
      // A page load fires `load` again (the address change of history.replaceState is a
      // same-document navigation and fires none).
      let loads = 0;
      const onLoad = () => loads++;
      page.on('load', onLoad);
      await page.evaluate(() => {
        (window as unknown as { leavePlayMarker: number }).leavePlayMarker = 28;
      });
      await page.click('[data-testid=btn-play][data-play=on]');
      await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 120_000 });
      assertEqual(await page.evaluate(() => document.body.dataset.ready), 'true', 'the table view is ready');
      await page.waitForSelector('[data-testid=btn-play][data-play=off]');
      assertEqual(await page.evaluate(() => (window as unknown as { leavePlayMarker?: number }).leavePlayMarker), 28, 'the window marker survives: no page reload');
      assertEqual(loads, 0, 'no page load');
      assert(!new URL(page.url()).searchParams.has('play'), `the address left Play: ${page.url()}`);
      assertEqual(await text(page, '[data-testid=btn-play]'), 'Play', 'the table view offers Play again');
      assertEqual(await page.$$eval('[data-testid^=play-g-]', (bs) => bs.length), 0, 'the Play panel is gone');
      assert(await page.$('canvas'), 'the table is drawn');
      assert((await page.$$('[data-testid^=legend-army-]')).length > 0, 'the legend lists the armies on the table');
      assertEqual(await page.evaluate(() => localStorage.getItem('sightline.play.autosave')), autosave, 'the game stays autosaved');
      // Back to Play (in place): the new-battle dialog offers the game left ("Resume the game"), which
      // is shown again; the page stays the lane's Play page.
      await page.click('[data-testid=btn-play][data-play=off]');
      await reopenPlayBy(page, () => page.click('[data-testid=battle-resume]:not([disabled])'));
      assertEqual(await text(page, '[data-testid=btn-play]'), 'Leave Play', 'Play again');
      assertEqual(await page.evaluate(() => localStorage.getItem('sightline.play.autosave')), autosave, 'Play shows the game left, still autosaved');
      assertEqual(loads, 0, 'no page load');
      page.off('load', onLoad);
      await play(page, 'setMoveOne(true)');
      await measuredHold(page, 'after Leave Play and Resume');
      // New game in place: the App remounts on the same game worker, which has seen this page's live
      // questions. The new Play panel's labels must still be measured (the question numbers are the
      // page's, not the panel's: usePlayMoveTool's liveSeq; before, every label hung at "≥").
      await page.click('[data-testid=play-new]');
      await page.waitForSelector('[data-testid=play-confirm-new]', { timeout: 60_000 });
      await reopenPlayBy(page, () => page.click('[data-testid=play-confirm-new-ok]'));
      await toMovement(page);
      await play(page, 'setMoveOne(true)');
      await measuredHold(page, 'after New game in place');
      assertEqual(errors.join('\n'), '', 'no console or page errors');
    },
  },
];
