/**
 * Issue 35, "a battle that flows", items 4 and 5 in the browser (run with `flow35.e2e.ts`, whose
 * suite appends these tests).
 *
 * `flow35b: panel and table` (item 4): in Play the table is framed beside the Play panel and the
 * docked dice panel: every model's centre is drawn inside the table's canvas and under neither
 * panel, so each can be picked. After an action (the first-turn choice) the pointer rests on the
 * next button for 15 s: the note goes (its 10 s) and no button of the panel moves (their boxes and
 * the browser's layout-shift records). Item 5: a plain click on a model of the player not to act
 * says nothing; dragging it says why at once, while the button is still held, and nothing moves.
 *
 * `flow35b: resume` (item 5): a Run's die thrown, the top-down view kept over a reload; after
 * Leave Play the sandbox table has none of the game's dice, and Play offers resuming the game in
 * progress (its armies and actions); Resume goes back to it (the same state hash). At 1000 px
 * height "Start the battle" is in view without scrolling.
 */
import type { Page } from 'playwright-core';
import { assert, boxOf, type Box, assertEqual, frames, freshPlayPage, modelOnScreen, motionOn, openPlay, RUN_MOTION, playCall as play, playReady, type E2ETest, clickForNextState as click } from './harness';

interface Unit {
  id: string;
  name: string;
  owner: 'p1' | 'p2';
  aliveModelIds: string[];
}
interface Summary {
  stage: string;
  phase: string | null;
  toAct: 'p1' | 'p2' | null;
  actions: number;
  hash: string;
  board: { positions: Record<string, [number, number]> };
  units: Unit[];
}

const inside = (b: Box, [x, y]: [number, number]) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;

/** Every button of the Play panel by its test id (or text) with its box. */
const panelButtons = (page: Page) =>
  page.$$eval('.play-panel button', (bs) =>
    bs.map((b) => {
      const r = b.getBoundingClientRect();
      return { key: b.getAttribute('data-testid') ?? b.textContent ?? '', x: Math.round(r.x), y: Math.round(r.y), h: Math.round(r.height) };
    }),
  );

export const tests: E2ETest[] = [
  {
    name: 'flow35b: panel and table: the table is framed beside the Play and dice panels; no button moves under the pointer for 15 s after an action; a click on the other player\'s model says nothing, its drag says why at once',
    async run(ctx) {
      // A new default game in place on the lane's Play page (its storage wiped: no panel places kept), not a boot of its own.
      const { page, errors } = await freshPlayPage(ctx);
      const s0 = await play<Summary>(page, 'summary()');
      assertEqual(s0.stage, 'firstTurn', 'a new game starts with the first-turn choice');

      // The table beside the panels: the canvas ends where the Play panel begins, starts after the docked dice strip.
      const canvas = (await boxOf(page, '.table-canvas'))!;
      const panel = (await boxOf(page, '[data-testid=play-panel]'))!;
      const dice = await boxOf(page, '[data-testid=play-dice-panel][data-dock=left]');
      assert(canvas.x + canvas.width <= panel.x + 1, `the table's canvas ends left of the Play panel: canvas ${JSON.stringify(canvas)}, panel ${JSON.stringify(panel)}`);
      if (dice) assert(canvas.x >= dice.x + dice.width - 1, `the canvas starts right of the docked dice panel: ${JSON.stringify(dice)}`);
      // Every model drawn in the canvas, under no panel (the camera re-framed for the narrower canvas).
      const ids = s0.units.flatMap((u) => u.aliveModelIds);
      let east: { id: string; at: [number, number] } | null = null;
      for (const id of ids) {
        const at = await modelOnScreen(page, id);
        assert(inside(canvas, at) && !inside(panel, at) && !(dice && inside(dice, at)), `model ${id} at ${at} is drawn in the table's canvas, under no panel`);
        // Nothing of the page over it (the tool palette, the info panel, a chip): a press there reaches the table.
        const over = await page.evaluate(([x, y]) => {
          const e = document.elementFromPoint(x, y);
          return e && !e.closest('.table-canvas') ? `${e.tagName.toLowerCase()}.${e.className} ${e.closest('[data-testid]')?.getAttribute('data-testid') ?? ''}` : null;
        }, at);
        assertEqual(over, null, `what covers model ${id} at ${at.map(Math.round)}`);
        if (!east || at[0] > east.at[0]) east = { id, at };
      }
      console.log(`        canvas ${Math.round(canvas.x)}-${Math.round(canvas.x + canvas.width)} px, Play panel from ${Math.round(panel.x)} px; the easternmost model at x ${Math.round(east!.at[0])} px`);

      // An action, then the pointer rests on the next button for 15 s: nothing in the panel moves.
      await page.evaluate(() => {
        const w = window as unknown as { shifts: { t: number; inPanel: boolean }[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { startTime: number; sources?: { node?: Node | null }[] }[]) {
            const inPanel = (e.sources ?? []).some((s) => !!s.node && !!(s.node instanceof Element ? s.node : s.node.parentElement)?.closest('.play-panel'));
            w.shifts.push({ t: e.startTime, inPanel });
          }
        }).observe({ type: 'layout-shift', buffered: false });
      });
      await click(page, '[data-testid=play-g-firstTurn-p1]');
      const t0 = await page.evaluate(() => performance.now());
      await page.waitForSelector('[data-testid=play-note]');
      await page.waitForSelector('[data-testid=play-g-endPhase]:not([disabled])');
      await frames(page, 3);
      const before = await panelButtons(page);
      const tBase = await page.evaluate(() => performance.now());
      const next = (await boxOf(page, '[data-testid=play-g-endPhase]'))!;
      await page.mouse.move(next.x + next.width / 2, next.y + next.height / 2);
      // The note's 10 s pass (it goes, its space stays), then the rest of the 15 s.
      await page.waitForSelector('[data-testid=play-note-space]', { state: 'attached', timeout: 120_000 });
      assertEqual(await page.$$eval('[data-testid=play-note]', (n) => n.length), 0, 'the note is gone');
      await page.waitForFunction((t) => performance.now() - t >= 15_000, t0, { timeout: 120_000, polling: 250 });
      await frames(page, 2);
      const after = await panelButtons(page);
      assertEqual(JSON.stringify(after), JSON.stringify(before), 'no button of the Play panel moved in the 15 s after the action');
      const shifts = await page.evaluate((t) => (window as unknown as { shifts: { t: number; inPanel: boolean }[] }).shifts.filter((s) => s.inPanel && s.t > t), tBase);
      assertEqual(shifts.length, 0, `no layout shift in the panel after the action: ${JSON.stringify(shifts)}`);
      const still = (await boxOf(page, '[data-testid=play-g-endPhase]'))!;
      assert(inside(still, [next.x + next.width / 2, next.y + next.height / 2]), 'the pointer is still over the button it rested on');

      // p1 to act: a plain click on a p2 model says nothing; dragging it says why before the release.
      const s1 = await play<Summary>(page, 'summary()');
      assertEqual(s1.toAct, 'p1', 'p1 acts');
      const rats = s1.units.find((u) => u.owner === 'p2' && u.aliveModelIds.length > 0)!;
      const model = rats.aliveModelIds[0];
      const noteBefore = await play<{ text: string } | null>(page, 'note()');
      const [mx, my] = await modelOnScreen(page, model);
      await page.mouse.click(mx, my);
      await frames(page, 3);
      assertEqual(JSON.stringify(await play<{ text: string } | null>(page, 'note()')), JSON.stringify(noteBefore), 'a plain click on the other player\'s model shows no refusal');
      await page.mouse.move(mx, my);
      await page.mouse.down();
      for (let i = 1; i <= 6; i++) await page.mouse.move(mx + i * 8, my + i * 4);
      await page.waitForSelector('[data-testid=play-note][data-kind=refused]', { timeout: 30_000 });
      const why = await play<{ text: string }>(page, 'note()');
      assert(why.text.includes("turn to act") && why.text.includes(rats.name), `the drag says why at once, the button still held: ${why.text}`);
      await page.mouse.up();
      await frames(page, 2);
      const s2 = await play<Summary>(page, 'summary()');
      assertEqual(JSON.stringify(s2.board.positions[model]), JSON.stringify(s1.board.positions[model]), 'nothing moved');
      assertEqual(s2.actions, s1.actions, 'nothing was sent');
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  {
    name: 'flow35b: resume: the camera view survives a reload; after Leave Play the game\'s dice leave the table and Play offers resuming the game (Resume returns to it); Start the battle is in view at 1000 px height',
    async run(ctx) {
      const { page, errors } = await openPlay(ctx);
      await click(page, '[data-testid=play-g-firstTurn-p1]');
      for (let i = 0; i < 2; i++) {
        const r = await play<{ ok: boolean; reason?: string }>(page, "act({ type: 'endPhase', player: 'p1' })");
        assert(r.ok, `end phase: ${r.reason}`);
      }
      // Before the player chooses, the dice follow the browser's reduced-motion wish, live: straight to the
      // tray where it asks for reduced motion (the run's pages do: harness RUN_MOTION), else thrown onto the table.
      const mode = () => page.evaluate(() => window.__sightlineDice!.state().mode);
      const asked = RUN_MOTION === 'reduce' ? 'tray' : 'throw';
      await page.waitForFunction(() => !!window.__sightlineDice, undefined, { timeout: 60_000 });
      assertEqual(await mode(), asked, 'the dice mode on a fresh page follows prefers-reduced-motion');
      await motionOn(page);
      await page.waitForFunction(() => window.__sightlineDice!.state().mode === 'throw', undefined, { timeout: 10_000 });
      await page.emulateMedia({ reducedMotion: RUN_MOTION });
      await page.waitForFunction((m) => window.__sightlineDice!.state().mode === m, asked, { timeout: 10_000 });
      // A Run rolls a die: the game's dice are thrown onto the table (or, with reduced motion, go to the tray).
      const s1 = await play<Summary>(page, 'summary()');
      assertEqual(s1.phase, 'movement', "p1's movement phase");
      const runner = s1.units.find((u) => u.owner === 'p1' && u.aliveModelIds.length > 0)!;
      const ran = await play<{ ok: boolean; reason?: string }>(page, `act({ type: 'run', player: 'p1', unitId: '${runner.id}' })`);
      assert(ran.ok, `the run is accepted: ${ran.reason}`);
      // Thrown, come to rest and gone to the tray (a reload mid-throw would abort the physics' loading).
      await page.waitForFunction(() => {
        const d = window.__sightlineDice?.state();
        return !!d && d.rolling === null && d.rows.length > 0;
      }, undefined, { timeout: 180_000 });

      // The camera view: top-down, kept over a reload.
      await page.click('[data-testid=btn-top]');
      await page.waitForFunction(() => window.__sightline!.tools!.camera().mode === 'top');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await playReady(page);
      assertEqual((await page.evaluate(() => window.__sightline!.tools!.camera())).mode, 'top', 'the camera view survives the reload');
      const s0 = await play<Summary>(page, 'summary()');
      assertEqual(s0.actions, s1.actions + 1, 'the game resumed after the reload');

      // Leave Play: the sandbox table without the game's dice.
      await page.click('[data-testid=btn-play][data-play=on]');
      await page.waitForSelector('[data-testid=btn-play][data-play=off]', { timeout: 120_000 });
      await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
      await frames(page, 5);
      const dice = await page.evaluate(() => window.__sightlineDice?.state() ?? null);
      assert(!dice || (dice.rolling === null && dice.rows.length === 0), `no dice of the game on the sandbox table: ${JSON.stringify(dice)}`);

      // Play offers the game in progress; Start the battle is in view at 1000 px.
      await page.setViewportSize({ width: 1280, height: 1000 });
      await page.click('[data-testid=btn-play]');
      await page.waitForSelector('[data-testid=new-battle]');
      const offer = (await page.textContent('[data-testid=battle-resume-box]')) ?? '';
      assert(offer.includes(`${s0.actions} actions`) && offer.includes(' vs '), `Play offers the game in progress, its armies and actions: ${offer}`);
      // Both armies' bases and heights tables open: the dialog is taller than the window.
      for (const d of await page.$$('.new-battle details.battle-bases:not([open]) > summary')) await d.click();
      const tall = await page.evaluate(() => document.querySelector('[data-testid=new-battle]')!.scrollHeight);
      assert(tall > 1000 - 80, `the dialog's content is taller than the window: ${tall} px`);
      const start = (await boxOf(page, '[data-testid=battle-start]'))!;
      assert(start.y >= 0 && start.y + start.height <= 1000, `Start the battle is within the 1000 px window: ${JSON.stringify(start)}`);
      const top = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'), [start.x + start.width / 2, start.y + start.height / 2]);
      assertEqual(top, 'battle-start', 'nothing covers Start the battle');
      // Play opens in place (no reload).
      await Promise.all([page.waitForFunction(() => new URLSearchParams(location.search).get('play') === '1', undefined, { timeout: 120_000 }), page.click('[data-testid=battle-resume]')]);
      await playReady(page);
      const back = await play<Summary>(page, 'summary()');
      assertEqual(`${back.actions} ${back.hash}`, `${s0.actions} ${s0.hash}`, 'Resume returns to the game left (the same actions and state hash)');
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
];
