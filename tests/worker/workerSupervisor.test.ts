/**
 * `src/client/workerSupervisor.ts` on its own, over a fake Worker (a MessageChannel with the API
 * exposed on the far port): retry once on death, non-death errors unchanged, restore plan, dispose.
 */
import * as Comlink from 'comlink';
import { afterEach, describe, expect, test } from 'vitest';
import { WorkerSupervisor, type WorkerDeathCause } from '../../src/client/workerSupervisor';

class TestDiedError extends Error {
  constructor(
    readonly deathCause: WorkerDeathCause,
    message = `test worker died (${deathCause})`,
  ) {
    super(message);
    this.name = 'TestDiedError';
  }
}

interface Api {
  echo(x: number): number;
  fail(): void;
  setState(s: string): string;
}

const READY = { testReady: true };

interface FakeOptions {
  /** Never answers a call. */
  hang?: boolean;
  /** false: never posts the ready message. */
  start?: boolean;
}

/** A Worker look-alike: the API is served over a MessageChannel; `hang` makes it never answer. */
class FakeWorker extends EventTarget {
  terminated = false;
  state = '';
  private readonly channel = new MessageChannel();
  constructor(opts: FakeOptions = {}) {
    super();
    const api: Api = {
      echo: (x) => x,
      fail: () => {
        throw new Error('boom');
      },
      setState: (s) => (this.state = s),
    };
    this.channel.port1.addEventListener('message', (e) => this.dispatchEvent(new MessageEvent('message', { data: (e as MessageEvent).data })));
    this.channel.port1.start();
    if (!opts.hang) Comlink.expose(api, this.channel.port2);
    if (opts.start !== false) setTimeout(() => this.channel.port2.postMessage(READY), 0);
  }
  postMessage(data: unknown, transfer: Transferable[] = []): void {
    if (!this.terminated) this.channel.port1.postMessage(data, transfer);
  }
  terminate(): void {
    this.terminated = true;
    this.channel.port1.close();
    this.channel.port2.close();
  }
}

const sups: WorkerSupervisor<Api>[] = [];
afterEach(() => {
  for (const s of sups.splice(0)) s.dispose();
});

/**
 * `specs[i]` makes the i-th worker (made when the supervisor asks for it); later ones are healthy.
 * The short `limits` hold while a worker meant to hang or never start is current; once a healthy
 * one is made they become generous (the supervisor reads them at every arm), so a loaded machine
 * never turns a slow healthy answer into a restart.
 */
function supervisor(specs: FakeOptions[], limits = { watchdogMs: 100, startupWatchdogMs: 1000 }, state: { snap: string | null; restored: string[] } = { snap: null, restored: [] }) {
  let n = 0;
  const made: FakeWorker[] = [];
  const sup = new WorkerSupervisor<Api>({
    label: 'test',
    factory: () => {
      const spec = specs[n++];
      if (!spec?.hang && spec?.start !== false) Object.assign(limits, { watchdogMs: 60_000, startupWatchdogMs: 60_000 });
      const w = new FakeWorker(spec);
      made.push(w);
      return w as unknown as Worker;
    },
    isReadyMessage: (d) => typeof d === 'object' && d !== null && (d as { testReady?: unknown }).testReady === true,
    DiedError: TestDiedError,
    limits,
    awaitStart: true,
    restore: (cause) => {
      const snap = state.snap;
      return {
        run: async (remote) => {
          if (snap === 'bad') throw new Error('refused');
          if (snap !== null) await remote.setState(snap);
        },
        done: () => state.restored.push(`${cause}:${snap}`),
      };
    },
  });
  sups.push(sup);
  return { sup, made, state };
}

describe('WorkerSupervisor', () => {
  test('answers calls; a non-death error propagates unchanged without a restart', async () => {
    const { sup } = supervisor([]);
    expect(await sup.call((g) => g.remote.echo(3))).toBe(3);
    await expect(sup.call((g) => g.remote.fail())).rejects.toThrow('boom');
    expect(sup.restarts).toBe(0);
  });

  test('a hung worker is replaced by the watchdog, restored, and the call retried once', async () => {
    const { sup, made, state } = supervisor([{ hang: true }], undefined, { snap: 'S', restored: [] });
    expect(await sup.call((g) => g.remote.echo(7))).toBe(7);
    expect(sup.restarts).toBe(1);
    expect(made[0].terminated).toBe(true);
    expect(made[1].state).toBe('S');
    expect(state.restored).toEqual(['watchdog:S']);
    expect(sup.current.id).toBe(2);
  });

  test('a retry that dies too rejects with the client error class', async () => {
    const { sup } = supervisor([{ hang: true }, { hang: true }]);
    const e = await sup.call((g) => g.remote.echo(1)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TestDiedError);
    expect(e).toMatchObject({ deathCause: 'watchdog', message: 'test worker died (watchdog)' });
    expect(sup.restarts).toBe(2);
  });

  test('touch re-arms the call watchdog', async () => {
    const { sup } = supervisor([{ hang: true }], { watchdogMs: 60, startupWatchdogMs: 1000 });
    const r = await sup.call(async (g, touch) => {
      if (g.id === 1) {
        for (let i = 0; i < 4; i++) {
          await new Promise((res) => setTimeout(res, 30));
          touch();
        }
        return 'survived';
      }
      return 'restarted';
    });
    expect(r).toBe('survived');
    expect(sup.restarts).toBe(0);
  });

  test('a worker that never starts is replaced; a failed restore rejects with `restore failed`', async () => {
    const { sup } = supervisor([{ start: false }], { watchdogMs: 100, startupWatchdogMs: 50 });
    expect(await sup.call((g) => g.remote.echo(2))).toBe(2);
    expect(sup.restarts).toBe(1);

    const bad = supervisor([], undefined, { snap: 'bad', restored: [] });
    await expect(bad.sup.handleDeath(bad.sup.current, 'crash')).rejects.toMatchObject({ deathCause: 'restore failed', message: 'test worker restore failed: refused' });
    expect(bad.state.restored).toEqual([]);
  });

  test('dispose rejects pending and later calls', async () => {
    const { sup } = supervisor([{ hang: true }], { watchdogMs: 0, startupWatchdogMs: 0 });
    const pending = sup.call((g) => g.remote.echo(1));
    await new Promise((res) => setTimeout(res, 10));
    sup.dispose();
    await expect(pending).rejects.toMatchObject({ deathCause: 'disposed' });
    await expect(sup.call((g) => g.remote.echo(1))).rejects.toMatchObject({ deathCause: 'disposed', message: 'test client disposed' });
  });
});
