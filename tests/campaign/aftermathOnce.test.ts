/**
 * Issue 37 item 3: one battle is counted once. The aftermath read from a game records the game's
 * identity (its seed and state hash, `battles[].game`, an extension of CAMPAIGN.md); a second
 * aftermath of the same game is refused with the rule (Ascension › The Aftermath Sequence), nothing
 * changed: in `runAftermath` and in `campaign aftermath --game` (exit 2, nothing on stdout).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAftermath } from '../../src/campaign/aftermath';
import { campaignCli } from '../../src/cli/campaign';
import { drawArmy } from '../../src/campaign/army';
import { outcomeFromGame } from '../../src/campaign/outcome';
import { newCampaign } from '../../src/campaign/roster';
import { parseCampaign, type Campaign } from '../../src/campaign/schema';
import { testArmy } from '../../src/campaign/testArmy';
import { stateHash } from '../../src/rules/engine/hash';
import { runHere } from '../cliHere';
import { playBattle } from './play';

const start = (p: string): Campaign => {
  const r = newCampaign(testArmy('Stormcast Eternals', p), { warlord: `${p}knight`, path: 'warrior', units: ['liberators', 'sequitors'].map((x) => p + x), name: `Host ${p}` });
  if (!r.ok) throw new Error(JSON.stringify(r.refusals));
  return r.value;
};
const army = (c: Campaign) => {
  const r = drawArmy(c);
  if (!r.ok) throw new Error(JSON.stringify(r.refusals));
  return r.value;
};

describe('the same game\'s aftermath twice is refused', () => {
  const a = start('a-');
  const { state, saved } = playBattle('the-decisive-battle', army(a), army(start('b-')), 11);

  it('runAftermath: the game\'s seed and state hash are recorded; the same game again is refused, another game is not', () => {
    const o = outcomeFromGame(state, 'p1', a);
    if (!o.ok) throw new Error(JSON.stringify(o.refusals));
    expect(o.value.game).toEqual({ seed: '11', stateHash: stateHash(state) });
    const first = runAftermath(a, o.value, { seed: 3 });
    if (!first.ok) throw new Error(JSON.stringify(first.refusals));
    expect(first.value.aftermath.game).toEqual({ seed: '11', stateHash: stateHash(state) });
    expect(parseCampaign(JSON.parse(JSON.stringify(first.value.campaign))).ok).toBe(true);
    const again = runAftermath(first.value.campaign, o.value, { seed: 4 });
    expect(again).toEqual({
      ok: false,
      refusals: [{ rule: 'Ascension › The Aftermath Sequence', message: `this game (seed 11, state hash ${stateHash(state)}) is already counted: battle 1 of the campaign was its aftermath (one aftermath per battle)` }],
    });
    // Another game (another state) and an outcome entered by hand are counted.
    expect(runAftermath(first.value.campaign, { ...o.value, game: { seed: '11', stateHash: '00000000' } }, { seed: 4 }).ok).toBe(true);
    const { game: _g, ...byHand } = o.value;
    expect(runAftermath(first.value.campaign, byHand, { seed: 4 }).ok).toBe(true);
  });

  it('campaign aftermath --game: the second run on the campaign that counted it exits 2 naming the rule, prints nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aftermath-once-'));
    const file = (name: string, v: unknown) => (writeFileSync(join(dir, name), JSON.stringify(v)), join(dir, name));
    const game = file('game.json', saved);
    // `npm run campaign`'s own function in this process (tests/cliHere.ts); its process is tested in tests/campaign/cli.
    const run = (c: string) => runHere(campaignCli, ['aftermath', c, '--game', game, '--player', 'p1', '--seed', '7']);
    const r1 = await run(file('c0.json', a));
    expect(r1.status, r1.stderr).toBe(0);
    const c1 = JSON.parse(r1.stdout).campaign;
    expect(c1.glory).toBeGreaterThan(0);
    const r2 = await run(file('c1.json', c1));
    expect(r2.status).toBe(2);
    expect(r2.stdout).toBe('');
    expect(r2.stderr.trim()).toBe(`Ascension › The Aftermath Sequence: this game (seed 11, state hash ${stateHash(state)}) is already counted: battle 1 of the campaign was its aftermath (one aftermath per battle)`);
  }, 120_000);
});
