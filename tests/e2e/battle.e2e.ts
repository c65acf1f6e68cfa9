/**
 * Issue 16 in the browser: Play starts on the battlefield open now. A wall placed with the palette
 * between two armies' set-up spots, then Play with an army file (two gunners with 30" rifles)
 * against the Skaven sample: the unit behind the wall cannot be shot (the engine's reason and
 * rule on the Play panel), and the line-of-sight tool shows the same; without the wall it could.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { gunners } from '../game/tables';
import { assert, assertEqual, frames, tableViewPage, type E2ETest, playReady as ready } from './harness';
import { openPalette, placeAt } from './files.e2e';

const play = <T>(page: Page, expr: string) => page.evaluate(`window.__sightline.play.${expr}`) as Promise<T>;
const tools = <T>(page: Page, expr: string) => page.evaluate(`window.__sightline.tools.${expr}`) as Promise<T>;


/** The line-of-sight tool's verdict between two units (picked through the tools hook). */
async function losTool(page: Page, observer: string, target: string): Promise<boolean> {
  await tools(page, "activate('los')");
  await page.waitForSelector('[data-testid=los-panel]');
  if ((await page.getAttribute('[data-testid=los-panel]', 'data-status')) !== 'idle') await page.keyboard.press('Escape');
  await tools(page, `pick(${JSON.stringify({ kind: 'unit', id: observer })})`);
  await tools(page, `pick(${JSON.stringify({ kind: 'unit', id: target })})`);
  await page.waitForSelector('[data-testid=los-panel][data-status=done]', { timeout: 60_000 });
  const st = await tools<{ los: { result: { visible: boolean } } }>(page, 'state()');
  return st.los.result.visible;
}

export const tests: E2ETest[] = [
  {
    name: 'battle: a wall placed with the palette, then Play on this battlefield: the unit behind it cannot be shot, as the line-of-sight tool shows',
    async run(ctx) {
      // The lane's default battlefield (harness `tableViewPage`); it goes on to Play, so it is closed at the end.
      const { page, errors } = await tableViewPage(ctx);
      await openPalette(page);
      await page.click('[data-testid=place-wall]');
      const wall = await placeAt(page, [26, 22, 0]);
      assert(wall.ok, `the wall is placed: ${wall.text}`);
      await page.keyboard.press('Escape');

      // Play: the new-battle dialog, an army file for player 1, the Skaven sample for player 2.
      await page.click('[data-testid=btn-play]');
      await page.waitForSelector('[data-testid=new-battle]');
      const armyFile = join(ctx.outputDir, 'gunners.json');
      writeFileSync(armyFile, JSON.stringify(gunners()));
      await page.setInputFiles('[data-testid=battle-army-file-p1]', armyFile);
      await page.waitForFunction(() => (document.querySelector('[data-testid=battle-army-p1]') as HTMLSelectElement | null)?.selectedOptions[0]?.textContent?.includes('Gunners'), undefined, { timeout: 30_000 });
      assertEqual(await page.inputValue('[data-testid=battle-territory-p1]'), 'south', 'player 1 plays the south territory');
      // Play opens in place (no reload): the address gains ?play=1 when the battle has started.
      await Promise.all([page.waitForFunction(() => new URLSearchParams(location.search).get('play') === '1', undefined, { timeout: 120_000 }), page.click('[data-testid=battle-start]')]);
      await ready(page);
      const s0 = await play<{ armies: { p1: string; p2: string }; units: { id: string }[] }>(page, 'summary()');
      assertEqual(s0.armies.p1, 'Gunners', 'the game has player 1\'s army from the file');
      assert(s0.units.some((u) => u.id === 'sk-ratogors'), 'and the Skaven sample');
      assert((await page.evaluate(`window.__sightline.tools.modelCentre('gunner-b-1')`)) !== null, 'the gunners stand on the table');

      // To p1's shooting phase; the gunners' options.
      for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: 3 }, () => ({ type: 'endPhase', player: 'p1' }))]) {
        const r = await play<{ ok: boolean; reason?: string }>(page, `act(${JSON.stringify(a)})`);
        assert(r.ok, `${JSON.stringify(a)}: ${r.reason}`);
      }
      await page.evaluate(`window.__sightline.play.selectUnit('gunner-b')`);
      await page.waitForFunction(() => window.__sightline?.play?.options()?.ok && (window.__sightline.play.options() as { unitId?: string }).unitId === 'gunner-b', undefined, { timeout: 30_000 });
      const o = await play<{ ok: true; entries: { group: string; target?: string; available: boolean; reason?: string; rejectedBy?: string }[] }>(page, 'options()');
      const shoot = (t: string) => o.entries.find((e) => e.group === 'shoot' && e.target === t);
      const behind = shoot('sk-ratogors');
      assert(behind && !behind.available, `the Rat Ogors behind the wall cannot be shot: ${JSON.stringify(behind)}`);
      assertEqual(behind.rejectedBy, 'Core 16.0', 'refused by the visibility rule');
      // A unit in the open: the first target the automatic set-up leaves visible and in range.
      const open = o.entries.find((e) => e.group === 'shoot' && e.available && e.target && e.target !== 'sk-ratogors');
      assert(open?.target, `a unit in the open can be shot: ${JSON.stringify(o.entries.filter((e) => e.group === 'shoot'))}`);
      assert(/visible/.test(behind.reason ?? ''), `the reason says why: ${behind.reason}`);

      // The line-of-sight tool on the game's table says the same.
      assertEqual(await losTool(page, 'gunner-b', 'sk-ratogors'), false, 'line-of-sight tool: gunner-b does not see the Rat Ogors');
      assertEqual(await losTool(page, 'gunner-b', open.target), true, `line-of-sight tool: gunner-b sees ${open.target}`);
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'battle-wall.png') });
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
      await page.close();
    },
  },
];
