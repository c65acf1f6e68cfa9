/**
 * Issue 18, "Broken today", in the browser (`?play=1`):
 * - a replay is read-only (no action buttons, act and drags refused by the page) and never
 *   overwrites the autosave of the game in progress; "Leave replay" goes back to that game;
 * - during a game the line-of-sight tool's panel is not under the Play panel: the observer's-eye
 *   view, its way back, the PNG proof and Who sees whom are clickable (page.click fails when
 *   another element covers its target);
 * - "New game" asks first (an in-page dialog) and the game it replaces can be resumed;
 * - plain words: the state hash is under "Game info", not in the panel's header.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, assertEqual, clickPlay as click, frames, modelOnScreen, freshPlayPage, offerToLoadInto, reopenPlayBy, type E2ETest, playCall as play, textOf as text } from './harness';

const AUTOSAVE = 'sightline.play.autosave';





/** Clicks something that reopens Play in place on another game (no page reload) and waits for the game. */
async function clickReload(page: Page, selector: string): Promise<void> {
  await reopenPlayBy(page, () => page.click(selector));
}

const autosaved = (page: Page) => page.evaluate((k) => localStorage.getItem(k), AUTOSAVE);


export const tests: E2ETest[] = [
  {
    name: 'play18: a replay is read-only (no action buttons; act and drag refused with a note); the autosave of the game in progress is kept; Leave replay goes back to it',
    async run(ctx) {
      const opened = await freshPlayPage(ctx); // a new game in place on the lane's kept Play page (booted if none)
      const { page, errors } = opened;
      await click(page, 'play-g-firstTurn-p1');
      await click(page, 'play-g-endPhase');
      await click(page, 'play-g-endPhase');
      const hash = await play<string>(page, 'hash()');
      const game = await autosaved(page);
      assert(game && (JSON.parse(game) as { actions: unknown[] }).actions.length === 3, 'the game in progress is autosaved');

      // Open the game's saved file in Replay (as a player's file).
      const file = join(ctx.outputDir, 'play18-replay.json');
      writeFileSync(file, JSON.stringify(await play(page, 'save()')));
      await reopenPlayBy(page, () => page.setInputFiles('[data-testid=play-replay]', file)); // Play reopens in place
      assertEqual(await play<string>(page, 'started().kind'), 'replay', 'the replay opened');
      assert(await play<boolean>(page, 'replayStep()'), 'replay step 1');

      // Nothing to act with: no phase buttons, no unit options, no undo; a note says why.
      await page.waitForSelector('[data-testid=play-read-only]');
      await page.evaluate(`window.__sightline.play.selectUnit('sce-liberators')`);
      await page.waitForSelector('[data-testid=play-unit]');
      const buttons = await page.$$eval('[data-testid^=play-g-], [data-testid^=play-o-], [data-testid=play-undo], [data-testid=play-target]', (els) => els.map((e) => e.getAttribute('data-testid')));
      assertEqual(JSON.stringify(buttons), '[]', 'no action buttons during a replay');
      await page.waitForSelector('[data-testid=play-replay-leave]');

      // An action through the page (the test hook acts as the buttons do) is refused, with a note.
      const r = await play<{ ok: boolean; reason?: string }>(page, `act({ type: 'endPhase', player: 'p1' })`);
      assert(!r.ok && /replay/i.test(r.reason ?? ''), `act refused during the replay: ${JSON.stringify(r)}`);
      assert((await text(page, '[data-testid=play-note]')).includes('read-only'), `the note says the replay is read-only: ${await text(page, '[data-testid=play-note]')}`);
      assertEqual(JSON.stringify((await play<{ replay: unknown }>(page, 'summary()')).replay), JSON.stringify({ index: 1, total: 3 }), 'the replay stays at step 1');
      // A drag is refused too.
      const pos = (await play<{ board: { positions: Record<string, [number, number]> } }>(page, 'summary()')).board.positions['sce-liberators-1'];
      const dragged = await play<{ kind: string; text: string } | null>(page, `drag('sce-liberators-1', [${pos[0]}, ${pos[1] + 2}])`);
      assert(dragged?.kind === 'refused' && dragged.text.includes('read-only'), `drag refused during the replay: ${JSON.stringify(dragged)}`);
      // Stepping on to the end does not touch the autosave either.
      await page.fill('[data-testid=play-replay-to]', '3');
      await click(page, 'play-replay-go');
      assertEqual(await autosaved(page), game, 'the autosave of the game in progress is untouched by the replay');

      // Leaving is explicit and brings the game in progress back.
      await clickReload(page, '[data-testid=play-replay-leave]');
      assertEqual(await play<string>(page, 'started().kind'), 'resumed', 'the game in progress is resumed');
      assertEqual(await play<string>(page, 'hash()'), hash, 'the same game (state hash)');
      assertEqual(JSON.stringify((await play<{ replay: unknown; actions: number }>(page, 'summary()')).replay), 'null', 'no replay any more');
      await page.waitForSelector('[data-testid=play-g-endPhase]');
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      await offerToLoadInto(ctx, opened); // the next test that loads a game first uses it
    },
  },
  {
    name: "play18: in a game, the line-of-sight panel is beside the Play panel: observer's-eye view, back, PNG proof and Who sees whom are clickable",
    async run(ctx) {
      const opened = await freshPlayPage(ctx); // a new game in place on the lane's kept Play page (booted if none)
      const { page, errors } = opened;
      await page.click('[data-testid=btn-top]');
      await page.click('[data-testid=tool-los]');
      await page.waitForSelector('[data-testid=tool-los][aria-pressed=true]');
      await frames(page);
      await page.waitForSelector('[data-testid=los-panel][data-status=idle]');
      await page.mouse.click(...(await modelOnScreen(page, 'sce-liberators-1')));
      await page.waitForSelector('[data-testid=los-panel][data-status=pointing]');
      await page.mouse.click(...(await modelOnScreen(page, 'sk-clanrats-1')));
      await page.waitForSelector('[data-testid=los-panel][data-status=done]', { timeout: 60_000 });
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'play18-los.png') });
      // page.click waits for the target to receive the click: covered by the Play panel, it fails.
      await page.click('[data-testid=btn-eye]', { timeout: 10_000 });
      await page.waitForSelector('[data-testid=los-panel][data-eye=true]');
      await page.waitForSelector('[data-testid=eye-banner]');
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'play18-los-eye.png') });
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await page.click('[data-testid=btn-export]', { timeout: 10_000 });
      const png = await download;
      assert(png.suggestedFilename().endsWith('.png'), `proof file name ${png.suggestedFilename()}`);
      await page.click('[data-testid=btn-eye-back]', { timeout: 10_000 });
      await page.waitForSelector('[data-testid=los-panel][data-eye=false]');
      await page.click('[data-testid=btn-sight-table]', { timeout: 10_000 });
      await page.waitForSelector('[data-testid=sight-table]');
      // Issue 29 item 4: the open panel hides no model. The canvas stops at the panel's left edge
      // and the camera re-frames there: every model of the battlefield projects inside the canvas,
      // none under the panel's rectangle.
      await page.waitForFunction(() => {
        const c = document.querySelector('.table-canvas canvas')?.getBoundingClientRect();
        const p = document.querySelector('[data-testid=los-panel]')?.getBoundingClientRect();
        return !!c && !!p && c.right <= p.left + 0.5;
      });
      await frames(page);
      const rects = (await page.evaluate(() => [document.querySelector('.table-canvas canvas')!, document.querySelector('[data-testid=los-panel]')!].map((e) => e.getBoundingClientRect().toJSON()))) as { left: number; right: number; top: number; bottom: number }[];
      const [canvasRect, panelRect] = rects;
      const modelIds = Object.keys((await play<{ board: { positions: Record<string, unknown> } }>(page, 'summary()')).board.positions);
      assert(modelIds.length >= 10, `models on the battlefield: ${modelIds.length}`);
      for (const id of modelIds) {
        const [x, y] = await modelOnScreen(page, id);
        const inside = (r: typeof canvasRect) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
        assert(inside(canvasRect), `${id} at (${x.toFixed(0)}, ${y.toFixed(0)}) is in the view (canvas ${JSON.stringify(canvasRect)})`);
        assert(!inside(panelRect), `${id} at (${x.toFixed(0)}, ${y.toFixed(0)}) is not under the line-of-sight panel ${JSON.stringify(panelRect)}`);
      }
      await page.screenshot({ path: join(ctx.outputDir, 'play18-sight-table.png') });
      // The Play panel is still there and usable beside the tool.
      await page.click('[data-testid=play-g-firstTurn-p1]', { timeout: 10_000 });
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      await offerToLoadInto(ctx, opened); // the next test that loads a game first uses it
    },
  },
  {
    name: 'play18: New game asks first (in-page dialog); the replaced game is kept and Resume previous game brings it back; the state hash is under Game info, not in the header',
    async run(ctx) {
      const opened = await freshPlayPage(ctx); // a new game in place on the lane's kept Play page (booted if none)
      const { page, errors } = opened;
      await click(page, 'play-g-firstTurn-p1');
      await click(page, 'play-g-endPhase');
      const hash = await play<string>(page, 'hash()');
      // Plain words: no state hash in the Play panel's header; it is under Game info.
      assert(!(await text(page, '[data-testid=play-head]')).includes(hash), `no hash in the header: ${await text(page, '[data-testid=play-head]')}`);
      await page.click('[data-testid=play-info] summary');
      assert((await text(page, '[data-testid=play-info]')).includes(`#${hash}`), 'the hash is under Game info');

      // One click only asks; "Keep playing" keeps the game as it is.
      await page.click('[data-testid=play-new]');
      await page.waitForSelector('[data-testid=play-confirm-new]', { timeout: 10_000 });
      await page.click('[data-testid=play-confirm-new-cancel]');
      await page.waitForSelector('[data-testid=play-confirm-new]', { state: 'detached' });
      assertEqual(await play<string>(page, 'hash()'), hash, 'cancelled: the same game');

      // Confirmed: a new game; the old one is kept.
      await page.click('[data-testid=play-new-deploy]');
      await page.waitForSelector('[data-testid=play-confirm-new][data-deployment=true]');
      await clickReload(page, '[data-testid=play-confirm-new-ok]');
      const fresh = await play<{ stage: string; actions: number }>(page, 'summary()');
      assertEqual(`${fresh.stage}/${fresh.actions}`, 'deployment/0', 'a new game with deployment');
      const freshHash = await play<string>(page, 'hash()');

      // Resume previous game: the game in progress before comes back, and the new one is kept in turn.
      await clickReload(page, '[data-testid=play-resume-previous]');
      assertEqual(await play<string>(page, 'started().kind'), 'resumed', 'resumed');
      assertEqual(await play<string>(page, 'hash()'), hash, 'the previous game is back (same state hash)');
      await clickReload(page, '[data-testid=play-resume-previous]');
      assertEqual(await play<string>(page, 'hash()'), freshHash, 'and the new game was kept in its turn');
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      await offerToLoadInto(ctx, opened); // the next test that loads a game first uses it
    },
  },
];
