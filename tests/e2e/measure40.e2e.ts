/**
 * Issue 35 item 4 (session 40): in Play the Measure tool's panel sat over the top of the table's
 * canvas (318 px wide, 64 px from the top, right against the Play panel), so a model drawn under
 * it could not be picked. Now it takes the info panel's place at the top of the left column
 * (play.css), beside none of the canvas, and the docked dice panel starts under it.
 *
 * The test: in a new hot-seat game (top-down, the view panned with a right-button drag until one is), a model drawn inside the panel's old place (the rectangle it covered; at least one is),
 * then Measure opened with its tool button: the panel lies outside the canvas and above the
 * docked dice panel, the table keeps its framing, and a real mouse click on that model picks it
 * (the panel says "A" and the model's unit), the page at that point being the table's canvas.
 */
import { assert, assertEqual, boxOf, type Box, frameShown, openPlay, playCall as play, textOf, toolsCall as tools, type E2ETest } from './harness';

interface Summary {
  units: { id: string; name: string; aliveModelIds: string[] }[];
}

const inside = (b: Box, [x, y]: [number, number]) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export const tests: E2ETest[] = [
  {
    name: 'measure40: in Play the Measure panel lies in the left column, over none of the table; a model under its old place is picked with a click',
    async run(ctx) {
      const { page, errors } = await openPlay(ctx);
      const win = await page.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
      // The panel's old place (play.css before session 40: right 396 px, top 64 px, 318 px wide; its idle height about 90 px).
      const old: Box = { x: win.w - 396 - 318, y: 64, width: 318, height: 90 };
      const s = await play<Summary>(page, 'summary()');
      const hits: { id: string; unit: string; at: [number, number] }[] = [];
      let canvas: Box | null = null;
      // Top-down, then the view panned with a right-button drag (as the info panel says) until a
      // model is drawn under the old place (at 1280 x 800 the framed table lies below it): each
      // pan moves the model nearest the old place's middle toward it.
      await page.click('[data-testid=btn-top]');
      await frameShown(page);
      const aim: [number, number] = [old.x + old.width / 2, old.y + old.height / 2];
      for (let pan = 0; pan <= 4 && hits.length === 0; pan++) {
        canvas = (await boxOf(page, '.table-canvas'))!;
        let nearest: [number, number] | null = null;
        for (const u of s.units) {
          for (const id of u.aliveModelIds) {
            const top = await tools<[number, number, number] | null>(page, `modelTop(${JSON.stringify(id)})`);
            const at = top && (await tools<[number, number] | null>(page, `project(${JSON.stringify(top)})`));
            if (!at || !inside(canvas, at)) continue;
            if (inside(old, at)) hits.push({ id, unit: u.name, at });
            if (!nearest || Math.hypot(at[0] - aim[0], at[1] - aim[1]) < Math.hypot(nearest[0] - aim[0], nearest[1] - aim[1])) nearest = at;
          }
        }
        if (hits.length || !nearest) break;
        const from: [number, number] = [canvas.x + canvas.width / 2, canvas.y + canvas.height / 2];
        await page.mouse.move(from[0], from[1]);
        await page.mouse.down({ button: 'right' });
        for (let i = 1; i <= 8; i++) await page.mouse.move(from[0] + ((aim[0] - nearest[0]) * i) / 8, from[1] + ((aim[1] - nearest[1]) * i) / 8);
        await page.mouse.up({ button: 'right' });
        await frameShown(page);
      }
      // The lowest such model (the farthest from the panel's old top edge).
      const under = hits.sort((a, b) => b.at[1] - a.at[1])[0];
      assert(under, `a model is drawn under the panel's old place ${JSON.stringify(old)} (canvas ${JSON.stringify(canvas)})`);
      assert(canvas, 'the canvas');
      console.log(`        ${under.id} (${under.unit}) at ${under.at.map(Math.round)} px, under the old place ${JSON.stringify(old)}`);

      await page.click('[data-testid=tool-measure]');
      await page.waitForSelector('[data-testid=measure-panel][data-status=idle]');
      await frameShown(page);
      const panel = (await boxOf(page, '[data-testid=measure-panel]'))!;
      const after = (await boxOf(page, '.table-canvas'))!;
      assertEqual(JSON.stringify(after), JSON.stringify(canvas), 'the table keeps its framing when Measure opens');
      assert(!overlaps(panel, after), `the Measure panel ${JSON.stringify(panel)} lies over none of the canvas ${JSON.stringify(after)}`);
      const dice = await boxOf(page, '[data-testid=play-dice-panel][data-dock=left]');
      if (dice) assert(dice.y >= panel.y + panel.height, `the docked dice panel ${JSON.stringify(dice)} starts under the Measure panel ${JSON.stringify(panel)}`);
      const shown = await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('.table-canvas'), under.at);
      assert(shown, `the table's canvas is what the page shows at ${under.at.map(Math.round)}`);

      await page.mouse.click(under.at[0], under.at[1]);
      await page.waitForSelector('[data-testid=measure-panel][data-status=pointing]', { timeout: 30_000 });
      const from = await textOf(page, '[data-testid=measure-from]');
      assert(from.includes(under.unit), `the panel names the model picked (${under.unit}): "${from}"`);
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
];
