/**
 * Leaving Play (issue 28 item 11): the top-right "Leave Play" button returns to the table view in
 * place, without loading the page again: a marker set on `window` survives, no page load
 * happens, the address loses `?play=1`, the table view is ready again with its
 * "Play" button, and the game in progress stays autosaved (resumed by `?play=1`).
 */
import { assert, assertEqual, freshPlayPage, reopenPlayBy, textOf as text, type E2ETest } from './harness';

export const tests: E2ETest[] = [
  {
    name: 'leave play: the Leave Play button returns to the table view without a page reload',
    async run(ctx) {
      // A new game on the lane's Play page (New game in place; booted where the lane holds none).
      const { page, errors } = await freshPlayPage(ctx);
      assertEqual(await text(page, '[data-testid=btn-play]'), 'Leave Play', 'in Play the button leaves Play');
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
      assertEqual(errors.join('\n'), '', 'no console or page errors');
    },
  },
];
