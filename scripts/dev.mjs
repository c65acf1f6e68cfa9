// `npm run dev`: the app (vite) and the game server (`npm run server`) side by side, so the
// README's one command still opens everything. Either one ending stops the other; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), [join(root, 'server', 'main.ts')], { stdio: 'inherit', cwd: root }),
  spawn(bin('vite'), ['--open', ...process.argv.slice(2)], { stdio: 'inherit', cwd: root }),
];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  process.exitCode = code;
};
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(0));
