/**
 * The new-battle dialog's bases and heights table as pure data (basesTable.ts), the recent armies
 * list (armyStore.ts) and the card's words (cardText.ts), on the real Flesh-eater Courts
 * kitchen-sink export (tests/fixtures/rosters) and the bundled sample armies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBasesFile } from '../../army/bases';
import { ArmyImportError, importArmy } from '../../army/importArmy';
import { parseRoster, type RosterInput } from '../../rules/engine/roster';
import { pushRecent, recentKey, type RecentArmy } from './armyStore';
import { applyBases, basesFileText, basesRows, confirmRows, describeSource, loadBasesFile, rememberedEntries, rememberedTable, setRowBase, setRowHeight, type BasesRow } from './basesTable';
import { weaponAbilityName } from './cardText';

const FEC = new URL('../../../tests/fixtures/rosters/new-recruit/fec-001-ghb-kitchen-sink/list.ros', import.meta.url);
const fecBytes = () => new Uint8Array(readFileSync(FEC));
const row = (rows: readonly BasesRow[], id: string) => rows.find((r) => r.unitId === id)!;
const sample = (f: string) => JSON.parse(readFileSync(new URL(`../../../assets/armies/${f}.json`, import.meta.url), 'utf8')) as RosterInput;

describe('bases table of an imported army', () => {
  const { army } = importArmy(fecBytes(), 'list.ros');

  it('has one row per unit and manifestation, each value marked with the default it is', () => {
    const rows = basesRows(army, 'roster');
    expect(rows).toHaveLength(19 + 3);
    const ghouls = row(rows, 'crypt-ghouls');
    expect(ghouls).toMatchObject({ name: 'Crypt Ghouls', models: 20, base: { shape: 'round', diameterMm: 32 }, heightInches: 1.25 });
    expect(describeSource(ghouls.baseFrom)).toBe('default by keyword INFANTRY');
    expect(describeSource(ghouls.heightFrom)).toBe('default by keyword INFANTRY');
    const knights = row(rows, 'morbheg-knights');
    expect(knights.base).toEqual({ shape: 'oval', lengthMm: 60, widthMm: 35 });
    expect(describeSource(knights.baseFrom)).toBe('default by keyword CAVALRY');
    expect(row(rows, 'royal-terrorgheist')).toMatchObject({ base: { shape: 'round', diameterMm: 100 }, heightInches: 5 });
    const manifestations = rows.filter((r) => r.kind === 'manifestation');
    expect(manifestations).toHaveLength(3);
    for (const m of manifestations) expect(describeSource(m.baseFrom)).toBe('default by keyword MANIFESTATION');
    // The table shows what the importer used.
    for (const u of army.units) expect(row(rows, u.id).base).toEqual(u.models[0].base);
  });

  it('edits apply to every model of that unit and of the units of the same name; the army read is not changed', () => {
    let rows = basesRows(army, 'roster');
    rows = setRowBase(rows, 'crypt-ghouls', { shape: 'round', diameterMm: 25 });
    rows = setRowHeight(rows, 'crypt-ghouls', 1.1);
    rows = setRowBase(rows, 'royal-terrorgheist', { shape: 'oval', lengthMm: 130, widthMm: 90 });
    expect(row(rows, 'crypt-ghouls').baseFrom).toEqual({ kind: 'confirmed' });
    expect(row(rows, 'royal-terrorgheist').heightFrom.kind).toBe('default');
    const played = applyBases(army, rows);
    const ghouls = played.units.find((u) => u.id === 'crypt-ghouls')!;
    expect(ghouls.models).toHaveLength(20);
    for (const m of ghouls.models) expect(m).toMatchObject({ base: { shape: 'round', diameterMm: 25 }, heightInches: 1.1 });
    expect(played.units.find((u) => u.id === 'royal-terrorgheist')!.models[0]).toMatchObject({ base: { shape: 'oval', lengthMm: 130, widthMm: 90 }, heightInches: 5 });
    expect(played.units.find((u) => u.id === 'crypt-ghouls-2')!.models[19]).toMatchObject({ base: { shape: 'round', diameterMm: 25 }, heightInches: 1.1 });
    expect(played.units.find((u) => u.id === 'cryptguard')!.models[0].base).toEqual({ shape: 'round', diameterMm: 32 });
    expect(army.units.find((u) => u.id === 'crypt-ghouls')!.models[0].base).toEqual({ shape: 'round', diameterMm: 32 });
    expect(parseRoster(played).ok).toBe(true);
  });

  it('refuses bases and heights the army format cannot hold', () => {
    const rows = basesRows(army, 'roster');
    expect(() => setRowBase(rows, 'crypt-ghouls', { shape: 'round', diameterMm: 0 })).toThrow();
    expect(() => setRowBase(rows, 'crypt-ghouls', { shape: 'round', diameterMm: 501 })).toThrow();
    expect(() => setRowHeight(rows, 'crypt-ghouls', 0)).toThrow(/more than 0"/);
    expect(() => setRowHeight(rows, 'crypt-ghouls', 51)).toThrow(/at most 50"/);
  });

  it('confirming marks the values as confirmed without changing them', () => {
    const rows = confirmRows(basesRows(army, 'roster'), ['crypt-flayers-2-models']);
    const r = row(rows, 'crypt-flayers-2-models');
    expect(r).toMatchObject({ base: { shape: 'round', diameterMm: 32 }, heightInches: 1.25, baseFrom: { kind: 'confirmed' }, heightFrom: { kind: 'confirmed' } });
    expect(row(rows, 'crypt-ghouls').baseFrom.kind).toBe('default');
    expect(confirmRows(rows).every((x) => x.baseFrom.kind === 'confirmed')).toBe(true);
  });
});

describe('remembered bases round trip', () => {
  it('confirmed values, stored and read back, are used by the next import, which no longer warns about them', () => {
    const first = importArmy(fecBytes(), 'list.ros');
    let rows = basesRows(first.army, 'roster');
    rows = setRowBase(rows, 'crypt-ghouls', { shape: 'round', diameterMm: 25 });
    rows = setRowHeight(rows, 'crypt-ghouls', 1.1);
    rows = confirmRows(rows, ['morbheg-knights']);
    rows = setRowBase(rows, 'varghulf-courtier-scourge-of-aqshy', { shape: 'round', diameterMm: 60 }); // height still a default
    const entries = rememberedEntries(rows);
    expect(entries).toEqual({
      'Crypt Ghouls': { base: { shape: 'round', diameterMm: 25 }, heightInches: 1.1 },
      'Morbheg Knights': { base: { shape: 'oval', lengthMm: 60, widthMm: 35 }, heightInches: 2.5 },
      'Varghulf Courtier (Scourge of Aqshy)': { base: { shape: 'round', diameterMm: 60 } },
    });
    // IndexedDB keeps structured clones: the same as a JSON round trip for these plain objects.
    const table = rememberedTable(JSON.parse(JSON.stringify(entries)));
    const second = importArmy(fecBytes(), 'list.ros', { rememberedBases: table });
    for (const id of ['crypt-ghouls', 'crypt-ghouls-2']) for (const m of second.army.units.find((u) => u.id === id)!.models) expect(m).toMatchObject({ base: { diameterMm: 25 }, heightInches: 1.1 });
    expect(second.army.units.find((u) => u.id === 'varghulf-courtier-scourge-of-aqshy')!.models[0]).toMatchObject({ base: { diameterMm: 60 }, heightInches: 1.5 });
    expect(second.warnings.filter((w) => w.startsWith('unit "Crypt Ghouls"') && /default/.test(w))).toEqual([]);
    expect(second.warnings.some((w) => w.startsWith('unit "Varghulf Courtier (Scourge of Aqshy)"') && /height 1.5" is the default/.test(w))).toBe(true);
    expect(first.warnings.length - second.warnings.length).toBe(3); // 2 Crypt Ghouls + 1 Morbheg Knights lines gone; 3 Varghulf lines become height-only
    // And the table of the second import says where each value comes from.
    const again = basesRows(second.army, 'roster', table);
    expect(row(again, 'crypt-ghouls-2')).toMatchObject({ baseFrom: { kind: 'remembered' }, heightFrom: { kind: 'remembered' } });
    expect(row(again, 'varghulf-courtier-scourge-of-aqshy-3')).toMatchObject({ baseFrom: { kind: 'remembered' }, heightFrom: { kind: 'default' } });
    expect(row(again, 'royal-terrorgheist').baseFrom.kind).toBe('default');
    expect(again.map((r) => [r.base, r.heightInches])).toEqual(basesRows(applyBases(second.army, again), 'army').map((r) => [r.base, r.heightInches]));
  });

  it('a name without its variant is remembered for the variant too (as the importer looks it up)', () => {
    const { army } = importArmy(fecBytes(), 'list.ros');
    const rows = basesRows(army, 'roster', rememberedTable({ 'Varghulf Courtier': { base: { shape: 'oval', lengthMm: 75, widthMm: 42 }, heightInches: 2.75 } }));
    expect(row(rows, 'varghulf-courtier-scourge-of-aqshy-2')).toMatchObject({ base: { shape: 'oval', lengthMm: 75, widthMm: 42 }, heightInches: 2.75, baseFrom: { kind: 'remembered' } });
  });

  it('damaged stored entries are dropped, good ones kept', () => {
    const t = rememberedTable({
      good: { base: { shape: 'round', diameterMm: 40 }, heightInches: 2 },
      noHeight: { base: { shape: 'oval', lengthMm: 90, widthMm: 52 } },
      badHeight: { base: { shape: 'round', diameterMm: 40 }, heightInches: -1 },
      badBase: { base: { shape: 'round', diameterMm: 'big' } },
      notAnObject: 3,
      nothing: null,
    });
    expect([...t.keys()]).toEqual(['good', 'noHeight', 'badHeight']);
    expect(t.get('badHeight')).toEqual({ base: { shape: 'round', diameterMm: 40 } });
  });
});

describe('bases file export and import', () => {
  const { army } = importArmy(fecBytes(), 'list.ros');
  const edited = setRowHeight(setRowBase(basesRows(army, 'roster'), 'crypt-ghouls', { shape: 'round', diameterMm: 25 }), 'crypt-ghouls', 1.1);

  it('the downloaded file is a --bases file the CLI reads to the same army', () => {
    const text = basesFileText(edited);
    const file = parseBasesFile(text, 'FEC1 bases.json');
    expect(file.size).toBe(new Set(edited.map((r) => r.name)).size); // one entry per unit name
    expect(file.get('Crypt Ghouls')).toEqual({ base: { shape: 'round', diameterMm: 25 }, heightInches: 1.1 });
    expect(file.get('Royal Terrorgheist')).toEqual({ base: { shape: 'round', diameterMm: 100 }, heightInches: 5 });
    // import-army --bases with that file gives the army the table gives, without a base warning.
    const cli = importArmy(fecBytes(), 'list.ros', { bases: file });
    const fromTable = applyBases(army, edited);
    const shape = (a: RosterInput) => [...a.units, ...(a.manifestations ?? [])].map((u) => u.models.map((m) => [m.id, m.base, m.heightInches]));
    expect(shape(cli.army)).toEqual(shape(fromTable));
    expect(cli.warnings.filter((w) => /are defaults for|is the default for/.test(w))).toEqual([]);
  });

  it('loading a bases file sets the units it names, marked as from the file, and lists the names it does not use', () => {
    const text = JSON.stringify({ 'Crypt Ghouls': { base: { shape: 'round', diameterMm: 28 }, heightInches: 1.2 }, 'Royal Terrorgheist': { shape: 'oval', lengthMm: 130, widthMm: 90 }, 'Liberators': { shape: 'round', diameterMm: 40 } });
    const r = loadBasesFile(basesRows(army, 'roster'), text, 'mine.json');
    expect(r.unused).toEqual(['Liberators']);
    expect(row(r.rows, 'crypt-ghouls-2')).toMatchObject({ base: { diameterMm: 28 }, heightInches: 1.2, baseFrom: { kind: 'file', file: 'mine.json' }, heightFrom: { kind: 'file' } });
    const tg = row(r.rows, 'royal-terrorgheist');
    expect(tg).toMatchObject({ base: { shape: 'oval', lengthMm: 130, widthMm: 90 }, heightInches: 5, baseFrom: { kind: 'file' }, heightFrom: { kind: 'default' } });
    expect(describeSource(tg.baseFrom)).toBe('from mine.json');
    expect(rememberedEntries(r.rows)['Royal Terrorgheist']).toEqual({ base: { shape: 'oval', lengthMm: 130, widthMm: 90 } });
    // A round trip of the whole table changes nothing but the marks.
    const back = loadBasesFile(basesRows(army, 'roster'), basesFileText(edited), 'x.json').rows;
    expect(back.map((x) => [x.unitId, x.base, x.heightInches])).toEqual(edited.map((x) => [x.unitId, x.base, x.heightInches]));
  });

  it('a bad bases file is refused naming the file and the entry', () => {
    const rows = basesRows(army, 'roster');
    expect(() => loadBasesFile(rows, '{"Crypt Ghouls": {"shape": "round"}}', 'bad.json')).toThrow(ArmyImportError);
    expect(() => loadBasesFile(rows, '{"Crypt Ghouls": {"shape": "round"}}', 'bad.json')).toThrow(/^bad\.json: entry "Crypt Ghouls": not a base/);
    expect(() => loadBasesFile(rows, '[1, 2]', 'list.json')).toThrow(/^list\.json: the bases file must be a JSON object/);
    expect(() => loadBasesFile(rows, '{"a": ', 'cut.json')).toThrow(/^cut\.json: the bases file is not valid JSON/);
  });
});

describe("Sightline's army format", () => {
  it('rows show the bases as written; an untouched table leaves the army as it is', () => {
    const skaven = sample('skaven-clawlord');
    const rows = basesRows(skaven, 'army');
    expect(rows).toHaveLength(skaven.units.length);
    expect(rows.every((r) => r.baseFrom.kind === 'army')).toBe(true);
    const played = applyBases(skaven, rows.filter((r) => r.heightFrom.kind === 'army'));
    expect(played.units).toEqual(skaven.units);
  });
});

describe('recently used armies', () => {
  const a = (name: string, usedAt: number, fileName = 'list.ros'): RecentArmy => ({ name, faction: 'Flesh-eater Courts', fileName, bytes: new ArrayBuffer(1), usedAt });
  it('newest first, one entry per army (name and faction) whatever its file or format, at most 5', () => {
    let list: RecentArmy[] = [];
    for (let i = 1; i <= 6; i++) list = pushRecent(list, a(`army ${i}`, i));
    expect(list.map((x) => x.name)).toEqual(['army 6', 'army 5', 'army 4', 'army 3', 'army 2']);
    list = pushRecent(list, a('army 4', 7));
    expect(list.map((x) => x.name)).toEqual(['army 4', 'army 6', 'army 5', 'army 3', 'army 2']);
    // The same list exported as .json (issue 28: it was listed once per file format): one entry, the file used last.
    list = pushRecent(list, a('army 4', 8, 'list.json'));
    expect(list.map((x) => `${x.name} ${x.fileName}`)).toEqual(['army 4 list.json', 'army 6 list.ros', 'army 5 list.ros', 'army 3 list.ros', 'army 2 list.ros']);
    expect(recentKey(a('x', 1))).toBe(recentKey(a('x', 1, 'x.rosz')));
    expect(recentKey(a('x', 1))).not.toBe(recentKey({ name: 'x', faction: 'Kruleboyz' }));
  });
});

describe('unit card words', () => {
  it('prints weapon abilities as the warscroll does (Core 20.0)', () => {
    expect(['crit-2-hits', 'crit-auto-wound', 'crit-mortal', 'charge-damage', 'anti-charge', 'anti-INFANTRY', 'companion', 'shoot-in-combat'].map(weaponAbilityName)).toEqual([
      'Crit (2 Hits)',
      'Crit (Auto-wound)',
      'Crit (Mortal)',
      'Charge (+1 Damage)',
      'Anti-charge (+1 Rend)',
      'Anti-INFANTRY (+1 Rend)',
      'Companion',
      'Shoot in Combat',
    ]);
  });
});

describe('GameApi.readArmy with remembered bases (the game worker reads the file)', () => {
  it('a roster export is imported with the remembered bases; an army file is read as written', async () => {
    const { GameApi } = await import('../../game/session');
    const api = new GameApi();
    const r = api.readArmy(fecBytes(), 'list.ros', 'p2-', { 'Crypt Ghouls': { base: { shape: 'round', diameterMm: 25 }, heightInches: 1.1 } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.source).toBe('roster');
    expect(r.army.units.find((u) => u.id === 'p2-crypt-ghouls')!.models[0]).toMatchObject({ base: { diameterMm: 25 }, heightInches: 1.1 });
    const s = api.readArmy(new TextEncoder().encode(JSON.stringify(sample('skaven-clawlord'))), 'skaven.json');
    expect(s.ok && s.source).toBe('army');
    const bad = api.readArmy(new TextEncoder().encode('<roster gameSystemName="Age of Sigmar 3.0"/>'), 'old.ros');
    expect(bad.ok ? [] : bad.problems[0]).toMatch(/^old\.ros: .*Age of Sigmar 3rd edition/);
  });
});
