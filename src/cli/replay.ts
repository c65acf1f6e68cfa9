/**
 * `npm run --silent replay -- game.json`: replay a saved game (either format) headless (src/rules/engine) and print
 * `{round, phase, vp, unitsLeft, stateHash}` as JSON. Exit code 1 with a message on stderr when
 * the file is invalid or an action is rejected.
 *
 * `npm run --silent replay -- --record out.json [seed] [--deploy]`: play a game between the sample
 * armies (assets/armies) with the scripted policy and save it (this is how
 * assets/games/sample-game.json is made). With `--deploy` the game starts with the deployment
 * phase (Core 10.0), played by the policy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordScripted, replaySaved } from '../rules/engine/worldPortGame';
import { replayGame } from '../game/replay';
import { readBundledNode } from '../game/node';

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--record') {
    const deploy = argv.includes('--deploy');
    const rest = argv.filter((x) => x !== '--deploy');
    const out = rest[1];
    if (!out) throw new Error('usage: replay --record out.json [seed] [--deploy]');
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const army = (f: string) => JSON.parse(readFileSync(join(root, 'assets', 'armies', f), 'utf8'));
    const saved = recordScripted(Number(rest[2] ?? 2024), { p1: army('stormcast-liberators.json'), p2: army('skaven-clawlord.json') }, deploy);
    writeFileSync(out, JSON.stringify(saved) + '\n');
    process.stdout.write(JSON.stringify({ recorded: out, actions: saved.actions.length, ...replaySaved(saved).summary }) + '\n');
    return 0;
  }
  const file = argv[0];
  if (!file) {
    process.stderr.write('usage: npm run --silent replay -- game.json\n');
    return 2;
  }
  const { summary } = await replayGame(JSON.parse(readFileSync(file, 'utf8')), readBundledNode);
  const { round, phase, vp, unitsLeft, stateHash } = summary;
  process.stdout.write(JSON.stringify({ round, phase, vp, unitsLeft, stateHash, stage: summary.stage, winner: summary.winner }) + '\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e) => {
    process.stderr.write(`replay: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
