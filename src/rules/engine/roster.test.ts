import { describe, expect, it } from 'vitest';
import { parseRoster } from './roster';
import { sampleRoster } from './testkit';

function clone<T>(x: T): T {
  return structuredClone(x);
}

describe('parseRoster (ArmyComp 1.0-4.2)', () => {
  it('accepts and normalises the sample roster', () => {
    const r = parseRoster(sampleRoster('p1'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const hero = r.roster.units[0];
    expect(hero.warscroll.save).toBe(3);
    expect(r.roster.units[2].warscroll.ward).toBe(6);
    expect(r.roster.auxiliaries).toEqual([]);
    expect(r.roster.units[1].models[2].standardBearer).toBe(true);
    expect(JSON.parse(JSON.stringify(r.roster))).toEqual(r.roster);
  });

  it('"-" save is no save', () => {
    const x = clone(sampleRoster('p1')) as any;
    x.units[1].warscroll.save = '-';
    const r = parseRoster(x);
    expect(r.ok && r.roster.units[1].warscroll.save).toBe(null);
  });

  it('reports every shape problem with its path, unknown keys included', () => {
    const x = clone(sampleRoster('p1')) as any;
    x.units[0].warscroll.save = '7+';
    x.units[1].weapons[0].hit = 9;
    x.units[2].models[0].base = { shape: 'round', diameterMm: -1 };
    x.units[2].colour = 'gold';
    const r = parseRoster(x, 'roster');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.issues.map((i) => i.path);
    expect(paths).toContain('roster.units[0].warscroll.save');
    expect(paths).toContain('roster.units[1].weapons[0].hit');
    expect(paths).toContain('roster.units[2].models[0].base.diameterMm');
    expect(paths).toContain('roster.units[2].colour');
  });

  it('checks regiments, general, duplicates and placement', () => {
    const x = clone(sampleRoster('p1')) as any;
    x.units[2].models[0].id = 'p1-warriors-m1'; // duplicate model id
    x.regiments[0].units.push('ghost'); // unknown unit
    x.auxiliaries = ['p1-warriors']; // placed twice
    x.general = 'p1-knights'; // not leading a regiment, not the WARMASTER
    const r = parseRoster(x);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = r.issues.map((i) => `${i.path}: ${i.message}`).join('\n');
    expect(text).toMatch(/units\[2\]\.models\[0\]\.id: duplicate model id/);
    expect(text).toMatch(/regiments\[0\]\.units\[2\]: unknown unit id "ghost"/);
    expect(text).toMatch(/auxiliaries\[0\]: unit "p1-warriors" is already in regiments\[0\]/);
    expect(text).toMatch(/general: the general "p1-knights" must lead a regiment/);
    // the regiment has 3 units but its leader is no longer the general: at most 3 → ok
  });

  it('regiment leaders are HEROes and regiment sizes are capped', () => {
    const x = clone(sampleRoster('p1')) as any;
    x.regiments = [
      { leader: 'p1-hero', units: ['p1-warriors'] },
      { leader: 'p1-knights', units: [] },
    ];
    let r = parseRoster(x);
    expect(!r.ok && r.issues.some((i) => i.path === 'regiments[1].leader' && /HERO/.test(i.message))).toBe(true);
    const y = clone(sampleRoster('p1')) as any;
    for (let i = 0; i < 4; i++) {
      y.units.push({ ...clone(y.units[2]), id: `extra${i}`, models: [{ id: `extra${i}-m`, base: { shape: 'oval', lengthMm: 60, widthMm: 35 } }] });
      y.regiments[0].units.push(`extra${i}`);
    }
    r = parseRoster(y);
    expect(!r.ok && r.issues.some((i) => i.path === 'regiments[0].units')).toBe(true);
  });

  it('every unit must be placed', () => {
    const x = clone(sampleRoster('p1')) as any;
    x.regiments[0].units = ['p1-warriors'];
    const r = parseRoster(x);
    expect(!r.ok && r.issues.some((i) => i.path === 'units[2].id' && /no regiment/.test(i.message))).toBe(true);
    x.auxiliaries = ['p1-knights'];
    expect(parseRoster(x).ok).toBe(true);
  });

  it('never throws on junk', () => {
    for (const junk of [null, 3, 'x', [], {}, { units: 'no' }]) {
      const r = parseRoster(junk);
      expect(r.ok).toBe(false);
    }
  });
});
