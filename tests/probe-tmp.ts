import { hotseatSetup, samplePlacement, sampleRosters, sampleTable } from '../workers/gameSetup';
import { GameApi } from '../workers/gameApi';
import { readBundledNode } from '../src/game/node';
async function main() {
  const pl = samplePlacement();
  const jud = Object.keys(pl).filter((k) => k.startsWith('sce-judicators'));
  console.log(jud.map((k) => pl[k]), Object.keys(pl).filter((k) => k.startsWith('sk-clanrats')).length);
  Object.keys(pl).filter((k) => k.startsWith('sk-clanrats')).forEach((k, i) => { const j = pl[jud[0]]; pl[k] = [j[0] - 6 + (i % 10) * 1.3, j[1] + 10 + Math.floor(i / 10) * 1.3]; });
  const setup = { ...hotseatSetup(5), scenario: sampleTable(pl, sampleRosters()) };
  const api = new GameApi({ readBundled: readBundledNode });
  const r = await api.startOnTable(setup as never);
  if (!r.ok) throw new Error(r.problems.join());
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }]) { const x = api.act(a as never) as any; if (!x.ok) console.log(x); }
  const o = api.options('sce-judicators') as any;
  console.log(o.entries.filter((e: any) => e.group === 'shoot').map((e: any) => `${e.target}:${e.available}:${e.reason ?? ''}`).join(' | '));
}
main();
