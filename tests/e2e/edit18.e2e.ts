/**
 * Issue 18, the sandbox: placed terrain and models can be selected, moved, turned and deleted, with
 * undo. A wall placed from the palette is selected with a click, turned with the key and the
 * button, dragged, moved with Move and a click, refused on models and off the table (the note
 * names it), deleted, brought back with Ctrl+Z and deleted again with Ctrl+Y; a model is deleted
 * (the last of its unit) and brought back. Every check reads the engine's scenario; waits are on
 * the hooks' state, never fixed delays.
 */
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { assert, assertEqual, filesCall as files, frames, screenOf, tableViewPage, toolsCall as tools, type E2EContext, type E2ETest } from './harness';
import { openPalette, placeAt } from './files.e2e';

interface Piece {
  shape: string;
  center?: [number, number];
  rotation?: number;
}
interface ScenarioJson {
  terrain?: { id: string; pieces: Piece[] }[];
  units?: { id: string; models: { id: string }[] }[];
}
interface EditHook {
  selected: string | null;
  moving: boolean;
  busy: boolean;
  note: { ok: boolean; text: string } | null;
}

const editState = async (page: Page) => (await tools<{ edit: EditHook }>(page, 'state()')).edit;
const wallOf = async (page: Page) => (await files<ScenarioJson>(page, 'scenario()')).terrain?.find((t) => t.id === 'wall-1')?.pieces[0] ?? null;
const historyDone = (page: Page) => tools<number>(page, 'history().done.length');

/**
 * Does `act` and waits until the edit is settled: the history has `done` entries (or, for a refusal,
 * a new note), nothing busy. Returns the note.
 */
async function settle(page: Page, act: () => Promise<void>, done: number | 'refused'): Promise<{ ok: boolean; text: string }> {
  const before = JSON.stringify((await editState(page)).note);
  await act();
  await page.waitForFunction(
    ([n, prev]) => {
      const t = window.__sightline!.tools!;
      const e = (t.state() as { edit: EditHook }).edit;
      if (e.busy || window.__sightlineFiles!.busy()) return false;
      if (n === 'refused') return !!e.note && !e.note.ok && JSON.stringify(e.note) !== prev;
      return t.history().done.length === n && !!e.note;
    },
    [done, before] as const,
    { timeout: 60_000 },
  ).catch(async (e: Error) => {
    const state = { edit: await editState(page), done: await historyDone(page), want: done, busy: await files<boolean>(page, 'busy()') };
    throw new Error(`the edit did not settle (${e.message.split('\n')[0]}): ${JSON.stringify(state)}`);
  });
  const note = (await editState(page)).note!;
  await frames(page);
  return note;
}

/** The lane's page on the default battlefield (harness `tableViewPage`: booted once, reset through the app for each test). */
const open = (ctx: E2EContext) => tableViewPage(ctx);

export const tests: E2ETest[] = [
  {
    name: 'edit18: a placed wall is selected, turned, dragged, moved, refused on models and off the table, deleted, undone and redone; a model is deleted and brought back',
    async run(ctx) {
      const { page, errors } = await open(ctx);
      await openPalette(page);
      await page.click('[data-testid=place-wall]');
      const placed = await placeAt(page, [30, 15, 0]);
      assert(placed.ok, `the wall is placed: ${placed.text}`);
      await page.keyboard.press('Escape'); // disarm
      await page.keyboard.press('Escape'); // close the palette
      await page.waitForSelector('[data-testid=palette]', { state: 'detached' });
      await page.evaluate('document.activeElement?.blur()');
      const terrain0 = Number(await page.textContent('[data-testid=terrain-count]'));
      let done = await historyDone(page);

      // Select: a click on the wall's top names it in the edit panel.
      const top = await screenOf(page, [30, 15, 3]);
      await page.mouse.click(top[0], top[1]);
      await page.waitForSelector('[data-testid=edit-panel][data-target=wall-1]');
      assert(((await page.textContent('[data-testid=edit-name]')) ?? '').includes('Wall 1'), 'the panel names the wall');
      assertEqual((await editState(page)).selected, 'wall-1', 'wall-1 is selected');

      // Turn: ] is 15 degrees clockwise, the Rotate left button 15 back and 15 more.
      let note = await settle(page, () => page.keyboard.press(']'), ++done);
      assertEqual(note.text, 'Turned wall-1 15° right.', 'the note of the key turn');
      assertEqual((await wallOf(page))?.rotation, 345, "the engine's wall turned to 345°");
      await settle(page, () => page.click('[data-testid=edit-rotate-left]'), ++done);
      note = await settle(page, () => page.click('[data-testid=edit-rotate-left]'), ++done);
      assertEqual(note.text, 'Turned wall-1 15° left.', 'the note of the button turn');
      let wall = await wallOf(page);
      assert(wall?.rotation === 15 && wall.center?.[0] === 30 && wall.center?.[1] === 15, `turned about its centre: ${JSON.stringify(wall)}`);

      // Drag: press on the wall, carry it about 4" right and 5" up.
      const from = await screenOf(page, [30, 15, 3]);
      const to = await screenOf(page, [34, 20, 3]);
      note = await settle(
        page,
        async () => {
          await page.mouse.move(from[0], from[1]);
          await page.mouse.down();
          await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, { steps: 4 });
          await page.mouse.move(to[0], to[1], { steps: 4 });
          await frames(page, 2);
          await page.mouse.up();
        },
        ++done,
      );
      wall = await wallOf(page);
      assert(note.ok && /^Moved wall-1 to \(/.test(note.text), `the drag moved it: ${note.text}`);
      assert(wall?.center && Math.abs(wall.center[0] - 34) < 0.6 && Math.abs(wall.center[1] - 20) < 0.6 && wall.rotation === 15, `the engine's wall is near (34, 20), still turned: ${JSON.stringify(wall)}`);
      const dragged = wall.center;
      assertEqual((await editState(page)).selected, 'wall-1', 'still selected after the drag');

      // Move and a click on the new spot (the table): exactly there.
      await page.click('[data-testid=edit-move]');
      await page.waitForFunction(() => ((window.__sightline!.tools!.state() as { edit: EditHook }).edit.moving));
      const spot = await screenOf(page, [44, 12, 0]);
      await page.mouse.move(spot[0], spot[1], { steps: 3 });
      await frames(page);
      // The frame with the ghost is on screen (software rendering shows frames when drawn).
      await page.waitForSelector('canvas[data-frame=shown]', { state: 'attached' });
      await page.screenshot({ path: join(ctx.outputDir, 'edit18-move-ghost.png') });
      note = await settle(page, () => page.mouse.click(spot[0], spot[1]), ++done);
      wall = await wallOf(page);
      assert(wall?.center && Math.abs(wall.center[0] - 44) < 0.15 && Math.abs(wall.center[1] - 12) < 0.15, `the engine's wall is at (44, 12): ${JSON.stringify(wall)}`);
      // (Within 0.15" of the click's point: one pixel of the framed table is about 0.09".)
      assert(/^Moved wall-1 to \((43\.9|44\.[01]), (11\.9|12\.[01])\)\.$/.test(note.text), `the note says where: ${note.text}`);

      // Refused: onto models (the Ardboyz), and off the table. Nothing changes.
      const models = await screenOf(page, [25, 8, 0]);
      await page.click('[data-testid=edit-move]');
      note = await settle(page, () => page.mouse.click(models[0], models[1]), 'refused');
      assert(/^wall-1 cannot go there: it would stand under s-ardboyz/.test(note.text), `refused on models, naming the wall and them: ${note.text}`);
      await page.waitForSelector('[data-testid=edit-note][data-ok=false]');
      const off = await screenOf(page, [-2, 12, 0]);
      await page.click('[data-testid=edit-move]');
      note = await settle(page, () => page.mouse.click(off[0], off[1]), 'refused');
      assertEqual(note.text, 'wall-1 would be off the table there (the battlefield is 60" × 44").', 'refused off the table');
      assertEqual(await historyDone(page), done, 'refusals are not in the history');
      wall = await wallOf(page);
      assert(wall?.center && Math.abs(wall.center[0] - 44) < 0.15, `the wall did not move: ${JSON.stringify(wall)}`);
      const kept = JSON.stringify(wall);
      await page.screenshot({ path: join(ctx.outputDir, 'edit18-refused.png') });

      // Delete (the key), undo brings it back as it was, redo deletes it again.
      note = await settle(page, () => page.keyboard.press('Delete'), ++done);
      assertEqual(note.text, 'Deleted wall-1.', 'the note of the deletion');
      await page.waitForFunction((n) => document.querySelector('[data-testid=terrain-count]')?.textContent === String(n), terrain0 - 1);
      assertEqual(await wallOf(page), null, "wall-1 is gone from the engine's scenario");
      assertEqual((await editState(page)).selected, null, 'nothing selected after the deletion');
      note = await settle(page, () => page.keyboard.press('Control+z'), --done);
      assertEqual(note.text, 'Took back: Deleted wall-1.', 'the note of the undo');
      await page.waitForFunction((n) => document.querySelector('[data-testid=terrain-count]')?.textContent === String(n), terrain0);
      assertEqual(JSON.stringify(await wallOf(page)), kept, 'undo restored the wall where it was, turned as it was');
      note = await settle(page, () => page.keyboard.press('Control+y'), ++done);
      assertEqual(note.text, 'Did again: Deleted wall-1.', 'the note of the redo');
      assertEqual(await wallOf(page), null, 'redo deleted it again');
      // Two undos: back, then back to where the drag left it.
      await settle(page, () => page.keyboard.press('Control+z'), --done);
      note = await settle(page, () => page.keyboard.press('Control+z'), --done);
      assert(/^Took back: Moved wall-1 to \((43\.9|44\.[01]), /.test(note.text), `the move is taken back: ${note.text}`);
      assertEqual(JSON.stringify((await wallOf(page))?.center), JSON.stringify(dragged), 'the wall is back where it was dragged');

      // A model: select the Megaboss (its unit's only model), delete it, undo.
      const models0 = Number(await page.textContent('[data-testid=model-count]'));
      const boss = 's-megaboss-1';
      await tools(page, `pick({ kind: 'model', id: ${JSON.stringify(boss)} })`);
      await page.waitForSelector(`[data-testid=edit-panel][data-target="${boss}"]`);
      // Turned with the key: its facing in the engine's scenario.
      const facing = async () => (await files<{ units: { id: string; models: { id: string; facing?: number }[] }[] }>(page, 'scenario()')).units.find((u) => u.id === 's-megaboss')!.models[0].facing ?? 0;
      const facing0 = await facing();
      note = await settle(page, () => page.keyboard.press('['), ++done);
      assertEqual(await facing(), (facing0 + 15) % 360, 'the model turned 15° left');
      assert(note.text.startsWith(`Turned ${boss} 15° left`), `the note of the model turn: ${note.text}`);
      note = await settle(page, () => page.click('[data-testid=edit-delete]'), ++done);
      assert(note.text.startsWith(`Deleted ${boss}, the last model of`), `the note says the unit went too: ${note.text}`);
      await page.waitForFunction((n) => document.querySelector('[data-testid=model-count]')?.textContent === String(n), models0 - 1);
      assert(!(await files<ScenarioJson>(page, 'scenario()')).units!.some((u) => u.id === 's-megaboss'), 'the unit is gone from the engine');
      await settle(page, () => page.keyboard.press('Control+z'), --done);
      await page.waitForFunction((n) => document.querySelector('[data-testid=model-count]')?.textContent === String(n), models0);
      assert((await files<ScenarioJson>(page, 'scenario()')).units!.some((u) => u.id === 's-megaboss'), 'undo brought the unit back');
      await page.screenshot({ path: join(ctx.outputDir, 'edit18-done.png') });
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      // The page stays the lane's (tableViewPage): the next test's reset gives it the default battlefield back.
    },
  },
];
