/**
 * Network play in the app (issue 25 item 3), through a real game server (the run's shared one,
 * sharedServer.ts: 127.0.0.1, a free port, a temporary SIGHTLINE_DATA_DIR; the test's own room): *Play online* with no server at the
 * address says so; p1 creates the battle with the New battle dialog's *Play online*, p2 opens the
 * opponent's link; p1 plays its first moves (the
 * first-turn choice, phases, a unit dragged forward) and p2 sees each one (the same positions,
 * log and hash); p2's own refused action shows the engine's reason and rule and nothing moves; a
 * drag of the other player's model is refused by the page (Network: seat); a third page opens the
 * spectator's link and sees the same positions (as drawn) and the same log, and can move nothing;
 * p2's connection drops and comes back by itself (a visible "Reconnecting…"); p1 reloads mid-turn
 * and carries on in its seat; p2 then acts in its own turn.
 */
import type { Page } from 'playwright-core';
import { freePort } from '../../server/gameServer';
import { sharedGameServer } from './sharedServer';
import { faultTests } from './onlineFaults';
import { assert, assertEqual, playCall as play, playReady as ready, textOf as text, type E2EContext, type E2ETest } from './harness';

type Summary = { units: { id: string; aliveModelIds: string[] }[]; actions: number; hash: string; stage: string; phase: string | null; active: string | null; toAct: string | null; board: { positions: Record<string, [number, number]>; removed: string[] } };
type Online = { seat: string; status: string; presence: { p1: { connected: boolean }; p2: { connected: boolean }; spectators: number } | null; links: { opponent: string; spectator: string } };

const summaryOf = (page: Page) => play<Summary>(page, 'summary()');
const logOf = (page: Page) => play<{ text: string }[]>(page, "log()").then((l) => l.map((x) => x.text).join("\n"));

/** Waits until the page shows the game after `actions` accepted actions. */
async function shows(page: Page, actions: number): Promise<void> {
  await page.waitForFunction((n) => (window.__sightline?.play?.summary()?.actions ?? -1) >= n, actions, { timeout: 60_000 });
}

/** Opens `url` in a new page and waits for the online game on it. */
async function openLink(ctx: E2EContext, url: string, watch?: (page: Page, who: string) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const opened = await ctx.openPage();
  await watch?.(opened.page, new URL(url).searchParams.get('seat') ?? '?');
  await opened.page.goto(url, { waitUntil: 'domcontentloaded' });
  await ready(opened.page);
  return opened;
}

/**
 * Clicks a Play panel button online: it asks once (no undo online, issue 35 item 4), nothing is
 * sent until "Do it"; then waits for the page to show the game after it.
 */
async function click(page: Page, testid: string, step?: (what: string) => void): Promise<void> {
  const v = await play<number>(page, 'version()');
  const before = await play<number>(page, 'summary().actions');
  await page.click(`[data-testid=${testid}]:not([disabled])`);
  step?.(`${testid} clicked`);
  await page.waitForSelector('[data-testid=play-confirm-act]');
  assertEqual(await play<number>(page, 'summary().actions'), before, 'nothing is sent before the confirmation');
  await page.click('[data-testid=play-confirm-act-ok]');
  step?.('"Do it" clicked');
  await page.waitForFunction((x) => window.__sightline!.play!.version() > x, v);
}

/** What a page shows when a step failed: its note, whether the confirmation is open, its status and game. */
async function pageState(page: Page): Promise<string> {
  // (a string: tsx names the functions of a callback, and the page has no `__name`)
  const read = `JSON.stringify({
    note: document.querySelector('[data-testid=play-note]')?.textContent ?? null,
    confirm: document.querySelector('[data-testid=play-confirm-act]')?.textContent ?? null,
    endPhase: document.querySelector('[data-testid=play-g-endPhase]')?.disabled ?? 'absent',
    status: window.__sightline?.play?.online()?.status,
    actions: window.__sightline?.play?.summary()?.actions,
    toAct: window.__sightline?.play?.summary()?.toAct,
    version: window.__sightline?.play?.version(),
  })`;
  return page.evaluate(read).then(String, (e: Error) => `(unreadable: ${e.message})`);
}

const samePositions = (a: Summary, b: Summary) => JSON.stringify(a.board) === JSON.stringify(b.board);

/**
 * What the test and its pages did, in order (the connection's story: `[Sightline online …]` debug
 * lines and the SDK's reconnection lines), printed with a failure: a timeout names no step.
 */
function storyOf(): { step: (what: string) => void; watch: (page: Page, who: string) => Promise<void>; told: (e: unknown, server?: string) => Error } {
  const t0 = Date.now();
  const lines: string[] = [];
  const at = () => `${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s`;
  return {
    step: (what) => void lines.push(`${at()} step: ${what}`),
    watch: async (page, who) => {
      // The page's OnlineGame tells its story at console.debug when asked to.
      await page.addInitScript('globalThis.SIGHTLINE_NET_TRACE = true');
      page.on('console', (m) => {
        const text = m.text();
        if (text.includes('[Sightline online') || text.includes('Sightline:') || text.includes('Colyseus')) lines.push(`${at()} ${who}: ${text}`);
      });
    },
    told: (e, server) => new Error(`${(e as Error).message}\n${lines.slice(-150).join('\n')}${server ? `\ngame server:\n${server.split('\n').slice(-60).join('\n')}` : ''}`),
  };
}

export const tests: E2ETest[] = [
  {
    name: 'online: two pages play the first turn through the game server; a spectator sees the same; a reload carries on',
    async run(ctx) {
      const server = await sharedGameServer();
      const story = storyOf();
      const { step } = story;
      const opened: [string, Page][] = [];
      try {
        const ws = `ws://127.0.0.1:${server.port}`;
        // p1: the table, Play, the New battle dialog, Play online.
        const p1 = await ctx.openPage();
        await story.watch(p1.page, 'p1');
        opened.push(['p1', p1.page]);
        await p1.page.goto(`${ctx.baseUrl}?server=${encodeURIComponent(ws)}`, { waitUntil: 'domcontentloaded' });
        await p1.page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
        await p1.page.click('[data-testid=btn-play]');
        await p1.page.waitForSelector('[data-testid=battle-online]:not([disabled])');
        // No server at the address: Play online says so (and does not hang); the dialog stays.
        const dead = `ws://127.0.0.1:${await freePort()}`;
        await p1.page.evaluate((d) => history.replaceState(null, '', `?server=${encodeURIComponent(d)}`), dead);
        await p1.page.click('[data-testid=battle-online]');
        await p1.page.waitForSelector('[data-testid=battle-problems]', { timeout: 30_000 });
        const why = await text(p1.page, '[data-testid=battle-problems]');
        assert(why.includes('cannot be reached') && why.includes(dead), `an unreachable server is named: ${why}`);
        await p1.page.evaluate((w) => history.replaceState(null, '', `?server=${encodeURIComponent(w)}`), ws);
        await p1.page.waitForSelector('[data-testid=battle-online]:not([disabled])');
        await Promise.all([p1.page.waitForEvent('load', { timeout: 120_000 }), p1.page.click('[data-testid=battle-online]')]);
        await ready(p1.page);
        const online1 = await play<Online>(p1.page, 'online()');
        assertEqual(online1.seat, 'p1', 'the creator plays p1');
        assert(online1.links.opponent.includes('seat=p2') && online1.links.opponent.includes(encodeURIComponent(ws)), `the opponent's link names seat p2 and the server: ${online1.links.opponent}`);
        assertEqual(await play<string>(p1.page, 'started().kind'), 'online', 'the page plays the online game');
        assertEqual(await p1.page.inputValue('[data-testid=online-link-opponent]'), online1.links.opponent, 'the opponent link is shown to copy');

        // p2 opens the opponent's link: the same game; p1 sees p2 connected.
        step('p2 opens its link');
        const p2 = await openLink(ctx, online1.links.opponent, story.watch);
        opened.push(['p2', p2.page]);
        assertEqual((await play<Online>(p2.page, 'online()')).seat, 'p2', 'the link seats p2');
        await p1.page.waitForSelector('[data-testid=online-presence-p2][data-connected=true]');
        const start = await summaryOf(p1.page);
        assertEqual((await summaryOf(p2.page)).hash, start.hash, 'both pages show the same game');

        step("p1's first moves");
        // p1's first moves: who goes first, then to the movement phase; p2 sees each.
        await click(p1.page, 'play-g-firstTurn-p1');
        await click(p1.page, 'play-g-endPhase');
        await click(p1.page, 'play-g-endPhase');
        const s1 = await summaryOf(p1.page);
        assertEqual(s1.phase, 'movement', 'p1 is in its movement phase');
        await shows(p2.page, s1.actions);
        assert((await text(p2.page, '[data-testid=play-phase]')).includes('Movement phase'), 'p2 sees the movement phase');
        assert((await text(p2.page, '[data-testid=play-waiting]')).includes('Waiting for'), 'p2 is told it waits for p1');

        // p1 moves its Liberators 1" back (a Normal Move): p2 sees the move played and the models there.
        const lib = s1.units.find((u) => u.id === 'sce-liberators')?.aliveModelIds ?? [];
        assert(lib.length > 0, 'the Liberators are on the table');
        const [x, y] = s1.board.positions[lib[0]];
        // (each model 1" straight back: on the default battlefield a wall stands right in front of them)
        const paths = Object.fromEntries(lib.map((id) => [id, [[s1.board.positions[id][0], s1.board.positions[id][1] - 1]]]));
        const moved = await play<{ ok: boolean; reason?: string }>(p1.page, `act(${JSON.stringify({ type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths })})`);
        assert(moved.ok, `p1's move is accepted: ${moved.reason}`);
        const s2 = await summaryOf(p1.page);
        await shows(p2.page, s2.actions);
        await p2.page.waitForFunction((h) => window.__sightline!.play!.summary()!.hash === h && window.__sightline!.play!.version() > 0, s2.hash);
        assert(samePositions(await summaryOf(p2.page), s2), 'p2 sees the Liberators where p1 moved them');
        const drawn = await p2.page.evaluate((id) => window.__sightline!.tools!.modelCentre(id), lib[0]);
        await p2.page.waitForFunction(([id, px, py]) => {
          const c = window.__sightline!.tools!.modelCentre(id as string);
          return !!c && Math.abs(c[0] - (px as number)) < 1e-6 && Math.abs(c[1] - (py as number)) < 1e-6;
        }, [lib[0], s2.board.positions[lib[0]][0], s2.board.positions[lib[0]][1]] as const);
        assert(drawn !== undefined, 'p2 draws the moved model');
        assertEqual(await logOf(p2.page), await logOf(p1.page), 'p2 has the same battle log');

        // p2's own action out of turn: refused by the engine, its reason and rule shown; nothing moves.
        const refused = await play<{ ok: boolean; rule?: string; reason?: string }>(p2.page, `act({ type: 'endPhase', player: 'p2' })`);
        assert(!refused.ok && !!refused.rule && refused.rule !== 'Network: seat', `the engine refuses p2's out-of-turn action with its rule: ${JSON.stringify(refused)}`);
        assert((await text(p2.page, '[data-testid=play-note]')).includes(refused.rule!), 'the refusal shows its rule');
        assertEqual((await summaryOf(p2.page)).hash, s2.hash, 'nothing changed');
        // p2 drags one of p1's models: refused by the page, nothing sent.
        const seatNote = await play<{ kind: string; rule?: string }>(p2.page, `drag(${JSON.stringify(lib[0])}, [${x}, ${y + 5}])`);
        assertEqual(seatNote.rule, 'Network: seat', `a drag of the other player's model is refused: ${JSON.stringify(seatNote)}`);
        assert(samePositions(await summaryOf(p2.page), s2), 'nothing moved');

        // A spectator: the same positions (drawn where the game has them) and log; nothing to act on.
        step('the spectator opens its link');
        const spec = await openLink(ctx, online1.links.spectator, story.watch);
        const ss = await summaryOf(spec.page);
        assertEqual(ss.hash, s2.hash, 'the spectator sees the same game');
        assert(samePositions(ss, s2), 'the spectator sees the same positions');
        const centre = await spec.page.evaluate((id) => window.__sightline!.tools!.modelCentre(id), lib[0]);
        assert(!!centre && Math.abs(centre[0] - s2.board.positions[lib[0]][0]) < 1e-6 && Math.abs(centre[1] - s2.board.positions[lib[0]][1]) < 1e-6, `the spectator's table draws the moved model at the game's position: ${JSON.stringify(centre)}`);
        assertEqual(await logOf(spec.page), await logOf(p1.page), 'the spectator has the same log');
        assert((await text(spec.page, '[data-testid=play-spectating]')).includes('cannot act'), 'the spectator is told it cannot act');
        assertEqual(await spec.page.$$eval('[data-testid=play-move-mode]', (e) => e.length), 0, 'no "Drag moves the unit / one model" for a spectator (issue 35)');
        const specDrag = await play<{ rule?: string }>(spec.page, `drag(${JSON.stringify(lib[0])}, [${x}, ${y + 5}])`);
        assertEqual(specDrag.rule, 'Network: seat', 'a spectator\'s drag is refused');
        await p1.page.waitForFunction(() => (window.__sightline!.play!.online()?.presence?.spectators ?? 0) === 1);

        // p2's connection drops: "Reconnecting…", then back by itself in its seat.
        step("p2's connection dropped");
        await p2.page.evaluate(() => window.__sightline!.play!.dropConnection());
        await p2.page.waitForSelector('[data-testid=online-reconnecting]', { timeout: 10_000 });
        await p2.page.waitForFunction(() => window.__sightline!.play!.online()?.status === 'connected', undefined, { timeout: 30_000 });
        assertEqual((await play<Online>(p2.page, 'online()')).seat, 'p2', 'p2 keeps its seat');

        // p1 reloads mid-turn and carries on: the same seat, the same game; ends its turn.
        step('p1 reloads');
        await Promise.all([p1.page.waitForEvent('load', { timeout: 120_000 }), p1.page.reload({ waitUntil: 'domcontentloaded' })]);
        await ready(p1.page);
        assertEqual((await play<Online>(p1.page, 'online()')).seat, 'p1', 'the reload keeps seat p1');
        assertEqual((await summaryOf(p1.page)).hash, s2.hash, 'the reloaded page shows the game as it was');
        step('p1 ends its turn');
        for (let i = 0; i < 5 && (await summaryOf(p1.page)).active === 'p1'; i++) await click(p1.page, 'play-g-endPhase');
        const s3 = await summaryOf(p1.page);
        assertEqual(s3.active, 'p2', "p1's turn is over");
        await shows(p2.page, s3.actions);

        // p2 acts in its own turn; p1 and the spectator see it.
        step('p2 acts in its turn');
        await click(p2.page, 'play-g-endPhase', step);
        step("p2's action shown on p2");
        const s4 = await summaryOf(p2.page);
        await shows(p1.page, s4.actions);
        await shows(spec.page, s4.actions);
        assertEqual((await summaryOf(p1.page)).hash, s4.hash, 'p1 sees p2\'s action');
        assertEqual((await summaryOf(spec.page)).hash, s4.hash, 'the spectator sees p2\'s action');
        assertEqual(await logOf(spec.page), await logOf(p2.page), 'the same log on every page');
        // (the refused connection to the dead address is the one expected failure)
        for (const e of [...p1.errors.filter((x) => !x.includes(dead.slice('ws://'.length)) && !x.includes('ERR_CONNECTION_REFUSED')), ...p2.errors, ...spec.errors]) assert(false, e);
        for (const pg of [p1.page, p2.page, spec.page]) await pg.close();
        if (process.env.E2E_ONLINE_STORY) console.log(story.told(new Error('the story (E2E_ONLINE_STORY)'), server.output()).message);
      } catch (e) {
        for (const [who, pg] of opened) if (!pg.isClosed()) step(`${who} shows ${await pageState(pg)}`);
        const told = story.told(e, server.output());
        // A fresh shared server for a retry and the tests after (sharedServer.ts).
        await server.stop('SIGKILL');
        throw told;
      }
    },
  },
  // Issue 36: the online page in faults.
  ...faultTests,
];
