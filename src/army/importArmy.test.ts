/**
 * Army import (issue 17, /work/shared/contract/ARMY.md) on the real New Recruit exports in
 * tests/fixtures/rosters/new-recruit (copied from shared/rosters; MIT, see its LICENSE): every list imports,
 * its three formats give the same army, and counts and characteristics agree with a second,
 * independent reading of the XML text (a regex tokenizer written here, no XML parser).
 */

import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGame } from '../rules/engine';
import { parseRoster, type RosterInput } from '../rules/engine/roster';
import { DEFAULT_BASES, defaultBase, parseBasesFile } from './bases';
import { importArmy, type ImportResult } from './importArmy';
import { mapWeaponAbilities } from './weapons';

const ROSTERS = fileURLToPath(new URL('../../tests/fixtures/rosters/new-recruit', import.meta.url));
const LISTS = readdirSync(ROSTERS).filter((d) => !d.startsWith('.')).sort();

const cache = new Map<string, ImportResult>();
function load(list: string, ext: 'ros' | 'rosz' | 'json', opts = {}): ImportResult {
  const key = `${list}.${ext}.${JSON.stringify(opts)}`;
  let r = cache.get(key);
  if (!r) {
    r = importArmy(new Uint8Array(readFileSync(join(ROSTERS, list, `list.${ext}`))), `${list}/list.${ext}`, opts);
    cache.set(key, r);
  }
  return r;
}

// ------------------------------------------------------------------------------------------
// The independent reading: a flat regex scan of the XML text with a stack of open selections.
// ------------------------------------------------------------------------------------------

interface XmlUnit {
  name: string;
  categories: string[];
  characteristics: Record<string, string>;
  models: number;
  weaponNames: Set<string>;
}

function unescape(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function attrOf(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescape(m[1]) : undefined;
}

/** Warscroll units (type unit + a Unit profile, not FACTION TERRAIN) in document order. */
function scanXml(xml: string): XmlUnit[] {
  interface Frame { type: string; name: string; number: number; unitProfile: boolean; cats: string[]; chars: Record<string, string>; models: number; weapons: Set<string> }
  const stack: Frame[] = [];
  const done: Frame[] = [];
  let profile: { typeName: string; name: string; owner: Frame | undefined } | undefined;
  const re = /<(\/?)(selection|profile|category|characteristic)\b([^>]*?)(\/?)>([^<]*)/g;
  for (const m of xml.matchAll(re)) {
    const [, close, tag, attrs, selfClose, after] = m;
    if (tag === 'selection') {
      if (close) {
        const f = stack.pop()!;
        if (f.type === 'unit') done.push(f);
        else if (f.type === 'model') {
          const owner = [...stack].reverse().find((x) => x.type === 'unit');
          if (owner) owner.models += f.number;
        }
        continue;
      }
      const f: Frame = { type: attrOf(attrs, 'type') ?? '', name: attrOf(attrs, 'name') ?? '', number: Number(attrOf(attrs, 'number') ?? 1), unitProfile: false, cats: [], chars: {}, models: 0, weapons: new Set() };
      if (selfClose) continue;
      stack.push(f);
    } else if (tag === 'profile') {
      if (close) {
        profile = undefined;
        continue;
      }
      const typeName = attrOf(attrs, 'typeName') ?? '';
      const top = stack[stack.length - 1];
      const owner = [...stack].reverse().find((x) => x.type === 'unit');
      profile = { typeName, name: attrOf(attrs, 'name') ?? '', owner: top };
      if (typeName === 'Unit' && top?.type === 'unit') top.unitProfile = true;
      if ((typeName === 'Melee Weapon' || typeName === 'Ranged Weapon') && owner) owner.weapons.add(profile.name);
    } else if (tag === 'category' && !close) {
      // A category belongs to the innermost open selection (profiles hold no categories).
      const top = stack[stack.length - 1];
      if (top) top.cats.push(attrOf(attrs, 'name') ?? '');
    } else if (tag === 'characteristic' && !close && profile?.typeName === 'Unit' && profile.owner?.type === 'unit') {
      profile.owner.chars[attrOf(attrs, 'name') ?? ''] = unescape(selfClose ? '' : after);
    }
  }
  // Unit selections never nest in each other, so closing order is document order.
  const units = done.filter((f) => f.unitProfile && !f.cats.includes('FACTION TERRAIN'));
  return units.map((f) => ({ name: f.name, categories: f.cats, characteristics: f.chars, models: f.models, weaponNames: f.weapons }));
}

const XML_TEXT = new Map(LISTS.map((l) => [l, readFileSync(join(ROSTERS, l, 'list.ros'), 'utf8')]));

describe('real New Recruit exports', () => {
  for (const list of LISTS) {
    describe(list, () => {
      it('the .ros, .rosz and .json give the same army and warnings, valid for parseRoster', () => {
        const a = load(list, 'ros');
        expect(load(list, 'rosz')).toEqual(a);
        expect(load(list, 'json')).toEqual(a);
        const p = parseRoster(a.army);
        expect(p.ok ? [] : p.issues).toEqual([]);
      });

      it('units, models, weapons and characteristics agree with an independent reading of the XML', () => {
        const army = load(list, 'ros').army;
        const xml = scanXml(XML_TEXT.get(list)!);
        expect(army.units.map((u) => u.name)).toEqual(xml.map((u) => u.name));
        army.units.forEach((u, i) => {
          const x = xml[i];
          const at = `${list} ${u.name}`;
          expect(u.models.length, at).toBe(x.models);
          const c = x.characteristics;
          const move = /^(\d+)"$/.exec(c.Move);
          if (move) expect(u.warscroll.move, at).toBe(Number(move[1]));
          expect(u.warscroll.health, at).toBe(Number(c.Health));
          expect(u.warscroll.save, at).toBe(c.Save);
          expect(u.warscroll.control, at).toBe(c.Control === '-' ? 0 : Number(c.Control));
          const ward = x.categories.map((k) => /^WARD \((\d)\+\)$/.exec(k)).find((m) => m);
          expect(u.warscroll.ward, at).toBe(ward ? `${ward[1]}+` : undefined);
          for (const k of x.categories.filter((k) => k === k.toUpperCase() && !k.startsWith('WARD'))) expect(u.warscroll.keywords, at).toContain(k);
          // Every weapon profile under the unit is a weapon of the unit, or kept as text when unusable.
          const imported = new Set([
            ...u.weapons.map((w) => w.name.replace(/ \(\d+\)$/, '')),
            ...(u.warscroll.abilitiesText ?? []).filter((t) => / \((Melee|Ranged) Weapon\)$/.test(t.name)).map((t) => t.name.replace(/ \((Melee|Ranged) Weapon\)$/, '')),
          ]);
          expect([...imported].sort(), at).toEqual([...x.weaponNames].map((n) => n.replace(/\u00a0/g, ' ').replace(/[\u2010\u2011]/g, '-')).sort());
        });
      });

      it('the model count matches meta.json', () => {
        const meta = JSON.parse(readFileSync(join(ROSTERS, list, 'meta.json'), 'utf8'));
        expect(load(list, 'json').army.units.reduce((s, u) => s + u.models.length, 0)).toBe(meta.composition.modelCount);
      });
    });
  }
});

describe('mapping details', () => {
  it('weapon abilities: markup, non-breaking spaces and hyphens are cleaned, unknown ones reported', () => {
    expect(mapWeaponAbilities('Anti-**^^Infantry^^** (+1 Rend),\u00a0Crit (2 Hits)').abilities).toEqual(['anti-INFANTRY', 'crit-2-hits']);
    expect(mapWeaponAbilities('Anti\u2011**^^Hero^^** (+1 Rend),\u00a0Crit (Auto-wound)').abilities).toEqual(['anti-HERO', 'crit-auto-wound']);
    expect(mapWeaponAbilities('Charge (+1 Damage), Anti-charge (+1 Rend), Companion, Shoot In Combat, Crit (Mortal)').abilities).toEqual([
      'charge-damage',
      'anti-charge',
      'companion',
      'shoot-in-combat',
      'crit-mortal',
    ]);
    expect(mapWeaponAbilities('Crit (Mortal), **^^Anti-**^^Monster^^**\u00a0(+1 Rend)').abilities).toEqual(['crit-mortal', 'anti-MONSTER']);
    expect(mapWeaponAbilities('-')).toEqual({ abilities: [], unknown: [] });
    expect(mapWeaponAbilities('Crit (Splash)')).toEqual({ abilities: [], unknown: ['Crit (Splash)'] });
  });

  it('sce-001: Gardus has WARD (5+) as his ward, the Annihilators 3 models with 1 champion', () => {
    const army = load('sce-001-minimal', 'json').army;
    const gardus = army.units.find((u) => u.name === 'Gardus Steel Soul')!;
    expect(gardus.warscroll.ward).toBe('5+');
    expect(gardus.warscroll.keywords).not.toContain('WARD (5+)');
    expect(gardus.weapons[0]).toMatchObject({ name: 'Sigmarite Runeblade and Warhammer', range: 'melee', attacks: 5, hit: '3+', wound: '3+', rend: 1, damage: 2, abilities: ['crit-auto-wound'] });
    const ann = army.units.find((u) => u.name === 'Annihilators')!;
    expect(ann.models.filter((m) => m.champion).length).toBe(1);
    expect(ann.warscroll.commandModels).toEqual({ champion: '1' });
    expect(army.general).toBe(gardus.id);
    expect(army.regiments).toEqual([{ leader: gardus.id, units: [ann.id] }]);
  });

  it('fec: the marked general leads a regiment of 4, the rest of the oversized regiment are auxiliaries, 3 manifestations', () => {
    const { army, warnings } = load('fec-001-ghb-kitchen-sink', 'ros');
    const general = army.units.find((u) => u.id === army.general)!;
    expect(general.name).toBe('Abhorrant Archregent');
    expect(army.regiments).toHaveLength(1);
    expect(army.regiments[0].units).toHaveLength(4);
    expect(army.auxiliaries).toHaveLength(19 - 5);
    expect(warnings.some((w) => /18 units, more than 4 \(ArmyComp 2\.0\)/.test(w))).toBe(true);
    expect(army.pointsLimit).toBe(2500);
    expect(army.manifestations?.map((m) => [m.name, m.banishment, m.summonValue, m.summonRange, m.models.length])).toEqual([
      ['Geminids of Uhl-Gysh', 6, 7, 12, 2],
      ['Prismatic Palisade', 7, 7, 18, 1],
      ['Umbral Spellportal', 6, 7, 18, 2],
    ]);
    // Enhancements are kept as text on their hero.
    expect(general.warscroll.abilitiesText?.map((a) => a.name)).toContain('Charnel Vestments');
  });

  it('weapons carried by some models only are listed per model (Liberators: 1 Grandhammer)', () => {
    const lib = load('sce-002-units-a', 'json').army.units.find((u) => u.name === 'Liberators')!;
    expect(lib.models).toHaveLength(5);
    expect(lib.models.filter((m) => m.weapons?.includes('Grandhammer')).length).toBe(1);
    expect(lib.models.filter((m) => m.weapons?.includes('Warhammer')).length).toBe(4);
  });

  it('a random Move stays random (Core 26.0: generated each time it is needed): Hell Pit Abomination D6+5", no average, no warning', () => {
    const { army, warnings } = load('skv-001-all-units', 'json');
    expect(army.units.find((u) => u.name === 'Hell Pit Abomination')!.warscroll.move).toBe('D6+5');
    expect(warnings.some((w) => w.includes('Hell Pit Abomination') && w.includes('random'))).toBe(false);
    // The three formats agree, and the army is valid for the engine (parseRoster) with the random Move kept.
    for (const f of ['ros', 'rosz'] as const) expect(load('skv-001-all-units', f).army.units.find((u) => u.name === 'Hell Pit Abomination')!.warscroll.move).toBe('D6+5');
    const parsed = parseRoster(army);
    expect(parsed.ok && parsed.roster.units.find((u) => u.name === 'Hell Pit Abomination')!.warscroll.move).toBe('D6+5');
  });

  it('faction terrain is not a unit and is warned about', () => {
    const { army, warnings } = load('skv-001-all-units', 'json');
    expect(army.units.some((u) => u.name === 'Gnawhole')).toBe(false);
    expect(warnings.filter((w) => w.startsWith('faction terrain "Gnawhole"'))).toHaveLength(2);
  });
});

describe('bases and heights', () => {
  it('defaults by keywords, first row that matches', () => {
    expect(defaultBase(['HERO', 'MONSTER']).label).toBe('MONSTER HERO');
    expect(defaultBase(['INFANTRY']).base).toEqual({ shape: 'round', diameterMm: 32 });
    expect(defaultBase(['CAVALRY', 'HERO']).base).toEqual({ shape: 'oval', lengthMm: 60, widthMm: 35 });
    expect(defaultBase([]).label).toBe(DEFAULT_BASES[DEFAULT_BASES.length - 1].label);
  });

  it('--bases wins (exact name, then the name without its variant); only defaults are warned', () => {
    const bases = parseBasesFile(
      JSON.stringify({ 'Gardus Steel Soul': { shape: 'round', diameterMm: 50 }, Annihilators: { base: { shape: 'round', diameterMm: 40 }, heightInches: 1.75 } }),
      'bases.json',
    );
    const { army, warnings } = load('sce-001-minimal', 'ros', { bases });
    const [gardus, ann] = army.units;
    expect(gardus.models[0].base).toEqual({ shape: 'round', diameterMm: 50 });
    expect(gardus.models[0].heightInches).toBe(1.5); // the HERO default height, warned
    expect(ann.models.map((m) => [m.base, m.heightInches])).toEqual(Array(3).fill([{ shape: 'round', diameterMm: 40 }, 1.75]));
    expect(warnings.filter((w) => w.includes('Annihilators') && /base|height/.test(w))).toEqual([]);
    expect(warnings.some((w) => w.startsWith('unit "Gardus Steel Soul" (gardus-steel-soul): height 1.5"'))).toBe(true);
  });

  it('a bad bases file names the entry', () => {
    expect(() => parseBasesFile('{"Liberators": {"shape": "square", "sideMm": 3}}', 'b.json')).toThrow(/b\.json: entry "Liberators"/);
  });
});

describe('the imported army plays', () => {
  it('fec-001-ghb-kitchen-sink (p1) against skaven-clawlord (p2) starts a game', () => {
    const p1 = load('fec-001-ghb-kitchen-sink', 'rosz').army;
    const p2 = JSON.parse(readFileSync(new URL('../../assets/armies/skaven-clawlord.json', import.meta.url), 'utf8')) as RosterInput;
    const g = createGame({ seed: 17, rosters: { p1, p2 }, finishedDeployingFirst: 'p1' });
    expect(g.ok ? [] : g.issues).toEqual([]);
    if (!g.ok) return;
    expect(Object.values(g.state.units).filter((u) => u.owner === 'p1' && u.status !== 'unsummoned')).toHaveLength(19);
    expect(g.state.stage).toBe('firstTurn');
  });
});
