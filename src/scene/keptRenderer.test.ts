import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebGLRenderer } from 'three';

/**
 * keptRendererFactory with stand-ins for the DOM and three's renderer (the factory touches only
 * what they model): a canvas in a parent that is or is not in the document, and a renderer that
 * counts its releases and holds three's program list.
 */

interface FakeParent {
  connected: boolean;
  children: FakeCanvas[];
}
class FakeCanvas {
  parentNode: FakeParent | null = null;
  style = { cssText: '' };
  attributes = new Set<string>();
  constructor(readonly name: string) {}
  get isConnected() {
    return !!this.parentNode?.connected;
  }
  removeAttribute(a: string) {
    this.attributes.delete(a);
  }
  replaceWith(other: FakeCanvas) {
    const p = this.parentNode!;
    other.parentNode?.children.splice(other.parentNode.children.indexOf(other), 1);
    p.children[p.children.indexOf(this)] = other;
    other.parentNode = p;
    this.parentNode = null;
  }
}
const mount = (name: string) => {
  const parent: FakeParent = { connected: true, children: [] };
  const canvas = new FakeCanvas(name);
  canvas.style.cssText = 'display: block;';
  parent.children.push(canvas);
  canvas.parentNode = parent;
  return { parent, canvas };
};
function fakeRenderer(canvas: FakeCanvas) {
  const released = { disposed: 0, contextLost: 0, cleared: 0 };
  let lost = false;
  const r = {
    domElement: canvas,
    info: { programs: [] as { usedTimes: number }[] },
    released,
    loseContext: () => (lost = true),
    getContext: () => ({ isContextLost: () => lost }),
    dispose: () => void released.disposed++,
    forceContextLoss: () => {
      released.contextLost++;
      lost = true;
    },
    resetState: () => undefined,
    setRenderTarget: () => undefined,
    getClearColor: <T>(c: T) => c,
    getClearAlpha: () => 0,
    setClearColor: () => undefined,
    clear: () => void released.cleared++,
  };
  return r;
}
type Fake = ReturnType<typeof fakeRenderer>;

let factory: (d: { canvas: object }) => WebGLRenderer;
let made: Fake[];
beforeEach(async () => {
  vi.resetModules(); // the kept renderer is the module's: a fresh page per test
  const { keptRendererFactory } = await import('./keptRenderer');
  made = [];
  factory = keptRendererFactory((canvas) => {
    const r = fakeRenderer(canvas as unknown as FakeCanvas);
    made.push(r);
    return r as unknown as WebGLRenderer;
  });
});
const get = (canvas: FakeCanvas) => factory({ canvas }) as unknown as Fake;

describe('keptRendererFactory', () => {
  it('keeps the first renderer: R3F\'s release does nothing, and a program outlives its last material', () => {
    const a = mount('a');
    const r = get(a.canvas);
    expect(made).toEqual([r]);
    r.dispose();
    r.forceContextLoss();
    expect(r.released).toEqual({ disposed: 0, contextLost: 0, cleared: 0 });
    // three's acquireProgram pushes a new program with one use; releaseProgram deletes it at zero.
    const program = { usedTimes: 1 };
    r.info.programs.push(program);
    program.usedTimes--; // the last material that used it was disposed
    expect(program.usedTimes).toBe(1);
  });

  it('hands the kept renderer to the next mount once its canvas has left the document, its canvas in place of the new one', () => {
    const a = mount('a');
    const r = get(a.canvas);
    a.canvas.attributes = new Set(['data-presented', 'data-frame', 'data-deferred', 'data-regressed', 'data-testid']);
    a.parent.connected = false; // the old App's DOM removed
    const b = mount('b');
    b.canvas.style.cssText = 'display: block; width: 10px;';
    const again = get(b.canvas);
    expect(again).toBe(r);
    expect(made.length).toBe(1);
    expect(b.parent.children).toEqual([a.canvas]);
    expect(a.canvas.parentNode).toBe(b.parent);
    expect(b.canvas.parentNode).toBeNull();
    expect([...a.canvas.attributes]).toEqual(['data-testid']); // the last mount's frame state gone
    expect(a.canvas.style.cssText).toBe('display: block; width: 10px;');
    expect(r.released.cleared).toBe(1); // nothing of the old picture shows
  });

  it('gives a second table on the page a renderer of its own, released for real', () => {
    const a = mount('a');
    const r = get(a.canvas);
    const b = mount('b');
    const other = get(b.canvas);
    expect(other).not.toBe(r);
    expect(b.parent.children).toEqual([b.canvas]);
    other.dispose();
    other.forceContextLoss();
    expect(other.released).toEqual({ disposed: 1, contextLost: 1, cleared: 0 });
    // The kept one is still the first: handed back once its canvas leaves.
    a.parent.connected = false;
    expect(get(mount('c').canvas)).toBe(r);
  });

  it('replaces a kept renderer whose context was lost, releasing it for real', () => {
    const a = mount('a');
    const r = get(a.canvas);
    r.loseContext();
    a.parent.connected = false;
    const b = mount('b');
    const fresh = get(b.canvas);
    expect(fresh).not.toBe(r);
    expect(r.released.disposed).toBe(1);
    expect(b.parent.children).toEqual([b.canvas]);
    // The new one is kept now.
    fresh.dispose();
    expect(fresh.released.disposed).toBe(0);
    b.parent.connected = false;
    expect(get(mount('c').canvas)).toBe(fresh);
  });
});
