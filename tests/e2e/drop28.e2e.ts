/**
 * Issue 28, "a whole-unit drop round terrain is answered promptly": the bench's case in the Play
 * page (`npm run bench:game`, `moves`): the 20 Clanrats (Move 10) in two ranks north of the
 * command tower, dragged as a unit 7.1" south so that the four models of the tower's column have
 * to go round it. The drop asks every model's path in one `shortestPaths` call, then sends the
 * move; the test waits for the drop's note (the verdict's ready signal, not a timer) and checks
 * the engine accepted it with every model where the drag put it. The time from the release to the
 * note is printed (information, not asserted: the machine is shared).
 */
import { join } from 'node:path';
import { towerSetup } from '../../src/cli/benchGame';
import { uploadGame } from './savedGame';
import { assert, assertEqual, clickPlay, frameShown, pageToLoadInto, type E2EContext, type E2ETest, playCall as play } from './harness';

type P2 = [number, number];
interface Summary {
  phase: string | null;
  active: string;
  board: { positions: Record<string, P2> };
  units: { id: string; aliveModelIds: string[] }[];
}

export const tests: E2ETest[] = [
  {
    name: 'drop28: 20 Clanrats dropped round the command tower as a unit: the paths asked in one call, the move accepted, every model where the drag put it',
    async run(ctx: E2EContext) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step reloads the page
      await uploadGame(ctx, page, towerSetup(), [], 'drop28-start.json');
      // p2 (the Skaven) takes the first turn; two phases ended (as the bench's towerGame), then its movement phase.
      await clickPlay(page, 'play-g-firstTurn-p2');
      await clickPlay(page, 'play-g-endPhase');
      await clickPlay(page, 'play-g-endPhase');
      const s0 = await play<Summary>(page, 'summary()');
      assertEqual(`${s0.active} ${s0.phase}`, 'p2 movement', "p2's movement phase");
      const ids = s0.units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds;
      assertEqual(ids.length, 20, 'twenty Clanrats');
      const first = ids[0];
      const [x, y] = s0.board.positions[first];
      const to: P2 = [Math.round(x * 1000) / 1000, Math.round((y - 7.1) * 1000) / 1000];
      const t0 = Date.now();
      const note = await play<{ kind: string; text: string } | null>(page, `drag('${first}', ${JSON.stringify(to)}, false)`);
      const ms = Date.now() - t0;
      assertEqual(note?.kind, 'ok', `the drop's verdict: ${note?.text}`);
      const s1 = await play<Summary>(page, 'summary()');
      for (const id of ids) {
        const [x0, y0] = s0.board.positions[id];
        const [x1, y1] = s1.board.positions[id];
        assert(Math.abs(x1 - x0) < 2e-3 && Math.abs(y1 - (y0 - 7.1)) < 2e-3, `${id} moved 7.1" south: (${x0}, ${y0}) -> (${x1}, ${y1})`);
      }
      console.log(`    drop28: the 20-model drop answered ${ms} ms after the drag (press, pointer, release: every path and the verdict)`);
      await frameShown(page);
      await page.screenshot({ path: join(ctx.outputDir, 'drop28-dropped.png') });
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
];
