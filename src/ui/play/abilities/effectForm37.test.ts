/**
 * The by-hand dialog's kinds of session 37 (perm37): "Cannot use commands" (`noCommands`, Commands 1.2) and
 * "Automatically destroyed" (`destroyed`: Toxic Stash's "it is automatically destroyed", which the engine
 * replaces by 6 damage points on a unit with Son of Behemat), built into effects the schema accepts.
 */

import { describe, expect, it } from 'vitest';
import { buildEffect, EFFECT_KINDS } from './effectForm';

describe('by-hand dialog: the session 37 kinds', () => {
  it('lists them, and builds them on the ticked units with the duration', () => {
    expect(EFFECT_KINDS.map((k) => k.key)).toEqual(expect.arrayContaining(['noCommands', 'destroyed']));
    expect(buildEffect('noCommands', {}, ['p2-hero'], 'turn')).toEqual({ ok: true, effect: { noCommands: true, targets: ['p2-hero'], duration: 'turn' } });
    expect(buildEffect('destroyed', {}, ['p2-hero'], '')).toEqual({ ok: true, effect: { destroyed: true, targets: ['p2-hero'] } });
  });
  it('refuses them with no unit ticked', () => {
    expect(buildEffect('destroyed', {}, [], '')).toEqual({ ok: false, error: 'Automatically destroyed: tick the unit(s) it applies to' });
  });
});
