import { describe, expect, it } from 'vitest';
import { AbilityEffectSchema } from '../../../rules/abilities/schema';
import { effectWords } from '../../../game/abilityWords';
import { buildEffect, EFFECT_KINDS } from './effectForm';

describe('effectForm: the by-hand dialog builds effects of the vocabulary (ABILITIES.md)', () => {
  const names: Record<string, string> = { 'p1-boyz': 'Gutrippaz', 'p1-hero': 'Swampcalla Shaman' };
  const nameOf = (id: string) => names[id] ?? id;

  it('each kind with its initial values is an effect the engine schema reads', () => {
    for (const k of EFFECT_KINDS) {
      const values: Record<string, string> = k.key === 'note' ? { note: 'the target cannot be picked for Rampaging' } : {};
      const r = buildEffect(k.key, values, ['p1-boyz'], '');
      expect(r.ok, `${k.key}: ${r.ok ? '' : r.error}`).toBe(true);
      if (r.ok) expect(AbilityEffectSchema.safeParse(r.effect).success).toBe(true);
    }
  });

  it('Foul Elixirs on a 2+: +1 to save rolls for the target for the rest of the turn', () => {
    const r = buildEffect('modify', { modify: 'save', by: '1' }, ['p1-boyz'], 'turn');
    expect(r).toEqual({ ok: true, effect: { modify: 'save', by: 1, attacks: 'all', targets: ['p1-boyz'], duration: 'turn' } });
    if (r.ok) expect(effectWords(r.effect, nameOf)).toBe('+1 to save rolls for Gutrippaz until the end of the turn');
  });

  it('Foul Elixirs on a 1: D3 mortal damage on the target, at once', () => {
    const r = buildEffect('mortal', { mortal: 'd3' }, ['p1-boyz'], '');
    expect(r).toEqual({ ok: true, effect: { mortal: 'D3', targets: ['p1-boyz'] } });
    if (r.ok) expect(effectWords(r.effect, nameOf)).toBe('D3 mortal damage on Gutrippaz');
  });

  it('CP, VP and notes name no unit; keywords are upper case', () => {
    expect(buildEffect('cp', { cp: '1' }, ['p1-boyz'], '')).toEqual({ ok: true, effect: { cp: 1 } });
    expect(buildEffect('keyword', { keyword: 'fly' }, ['p1-hero'], 'phase')).toEqual({ ok: true, effect: { keyword: 'FLY', add: true, targets: ['p1-hero'], duration: 'phase' } });
  });

  it('bad input names the field; no unit ticked is an error; out-of-range values are refused by the schema', () => {
    expect(buildEffect('modify', { by: 'one' }, ['p1-boyz'], '')).toEqual({ ok: false, error: 'Add to / subtract from a roll or characteristic: "by" must be a whole number, not "one"' });
    expect(buildEffect('heal', {}, [], '')).toEqual({ ok: false, error: 'Heal: tick the unit(s) it applies to' });
    expect(buildEffect('note', { note: '  ' }, [], '')).toEqual({ ok: false, error: 'A note in the log (anything else): fill in "what happens"' });
    const ward = buildEffect('ward', { ward: '9' }, ['p1-boyz'], '');
    expect(ward.ok).toBe(false);
    if (!ward.ok) expect(ward.error).toMatch(/^Ward: "ward" /);
    expect(buildEffect('mortal', { mortal: 'lots' }, ['p1-boyz'], '').ok).toBe(false);
    expect(buildEffect('teleport', {}, [], '')).toEqual({ ok: false, error: 'unknown effect "teleport"' });
  });
});
