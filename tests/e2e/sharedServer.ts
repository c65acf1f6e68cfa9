/**
 * One game server for the browser tests that play in a room of their own (online's first turn,
 * campaign online, abilities34's Kruleboyz online; docs/performance.md, "Session 42: the online
 * lane"): started by the first of them that asks (`server/main.ts`, bundled: tests/server/harness
 * `startServer`, on 127.0.0.1, a free port, a temporary SIGHTLINE_DATA_DIR), then handed to the
 * next, instead of one server started and killed per test (a start is about 1 CPU-s with its table
 * worker, and 1-2 s of wall before the test can begin). Each test creates its own room, so no test
 * sees another's game; the server's own limits are not a test's subject here (the online faults
 * test, which kills its server, keeps one of its own). It runs with `SIGHTLINE_NET_TRACE=1` (the
 * rooms print each join, drop, action: the online test prints the last lines on a failure) and a
 * room cap per address far above what a run's rooms and retries can reach (all come from
 * 127.0.0.1). The runner stops it at the end of the run (`stopAllServers`).
 */
import { startServer, tempDataDir, type ServerProcess } from '../server/harness';

let shared: Promise<ServerProcess> | null = null;

/** The run's shared game server: the one running, or a new one when none is (or it has exited). */
export async function sharedGameServer(): Promise<ServerProcess> {
  const running = await shared?.catch(() => null);
  if (running && running.child.exitCode === null && running.child.signalCode === null) return running;
  shared = startServer({ SIGHTLINE_DATA_DIR: tempDataDir(), SIGHTLINE_NET_TRACE: '1', MAX_ROOMS_PER_ADDRESS: '1000' });
  return shared;
}

/**
 * A failed test's error, given the shared server's last 40 lines (its rooms' joins, drops and
 * actions), after the server is stopped: a retry, and the tests after it, get a fresh server
 * (`sharedGameServer` starts one when the last has exited), not one the failure may have wedged.
 */
export async function failedOnSharedServer(e: unknown, server: ServerProcess): Promise<Error> {
  const lines = server.output().split('\n').slice(-40).join('\n');
  await server.stop('SIGKILL');
  return new Error(`${(e as Error).message}\ngame server:\n${lines}`);
}
