import { EngineApi } from '../../workers/engineApi';
import { nodeThreadHelper } from '../../workers/node/nodeHelper';
import { World } from '../geometry/world';
import { unitVisible } from '../geometry/visibility';
import { loadBenchTable } from './benchTable';
import { tableToScenario } from './benchScene';
async function main() {
  const table = await loadBenchTable(22);
  const scenario = tableToScenario(table);
  const t0 = performance.now();
  const api = new EngineApi({}, process.env.SOLO ? undefined : nodeThreadHelper);
  const r = await api.loadScenario(scenario);
  if (!r.ok) throw new Error(r.problems.slice(0, 5).join('\n'));
  console.log('load', (performance.now() - t0).toFixed(0));
  await new Promise((res) => setTimeout(res, 3000));
  for (let round = 0; round < 4; round++) {
    // fresh caches: reload
    if (round > 0) { await api.loadScenario(scenario); await new Promise((res) => setTimeout(res, 2500)); }
    const c0 = process.cpuUsage();
    const q = performance.now();
    const m = await api.visibilityMatrix();
    const ms = performance.now() - q;
    const c = process.cpuUsage(c0);
    if (!m.ok) throw new Error(m.reason);
    const vis = m.entries.filter((e) => e.visible).length;
    console.log('matrix', m.entries.length, 'visible', vis, 'wall', ms.toFixed(0), 'cpu', ((c.user + c.system) / 1000).toFixed(0));
    if (round === 0) {
      const w = new World(table);
      let agree = 0;
      for (const e of m.entries) if (unitVisible(w, e.observer, e.target, {}).visible === e.visible) agree++;
      console.log('agree with WorldInput world', agree, '/', m.entries.length);
    }
  }
  process.exit(0);
}
main();
