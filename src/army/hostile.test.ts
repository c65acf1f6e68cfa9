/**
 * Bad and hostile input (ARMY.md "Bad input"): every file here is built in the test and must be
 * refused with an ArmyImportError whose one-line message says what and where; a few go through
 * the CLI (`npm run import-army`): exit 2, one line on stderr, nothing on stdout. The command's file
 * runs as a process for a good roster (exit 0) and the first bad one (exit 2); the other cases run
 * its `importArmyCli` in this process (tests/cliHere.ts), the same output and exit code.
 */

import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ArmyImportError, importArmy } from './importArmy';
import { importArmyCli } from '../cli/importArmy';
import { runHere } from '../../tests/cliHere';

const LIST = fileURLToPath(new URL('../../tests/fixtures/rosters/new-recruit/sce-001-minimal', import.meta.url));
const ROS = readFileSync(join(LIST, 'list.ros'), 'utf8');
const JSON_TEXT = readFileSync(join(LIST, 'list.json'), 'utf8');
const ROSZ = new Uint8Array(readFileSync(join(LIST, 'list.rosz')));

/** The error message of importing `bytes`, failing the test when it imports. */
function refusal(bytes: Uint8Array | string, where = 'in'): string {
  const b = typeof bytes === 'string' ? strToU8(bytes) : bytes;
  // CPU time, not wall time: the bound is on the work done (no giant inflate, no hang), which the
  // machine's load does not change (this file runs alone in its process: the integration project).
  const cpu0 = process.cpuUsage();
  try {
    importArmy(b, where);
  } catch (e) {
    expect(e).toBeInstanceOf(ArmyImportError);
    const msg = (e as Error).message;
    expect(msg).not.toContain('\n');
    expect(msg.startsWith(`${where}:`)).toBe(true);
    const cpu = process.cpuUsage(cpu0);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(10_000);
    return msg;
  }
  throw new Error('imported, expected a refusal');
}

function u32le(b: Uint8Array, o: number, v: number) {
  b[o] = v & 0xff;
  b[o + 1] = (v >>> 8) & 0xff;
  b[o + 2] = (v >>> 16) & 0xff;
  b[o + 3] = (v >>> 24) & 0xff;
}

/** Overwrite the uncompressed sizes a zip declares (local and central headers) with `size`. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const z = zip.slice();
  for (let i = 0; i + 4 <= z.length; i++) {
    const sig = z[i] | (z[i + 1] << 8) | (z[i + 2] << 16) | (z[i + 3] << 24);
    if (sig === 0x04034b50) u32le(z, i + 22, size);
    if (sig === 0x02014b50) u32le(z, i + 24, size);
  }
  return z;
}

/**
 * A zip (PKZIP, one entry, method 8 deflate) of `name` holding `data`, deflated by `node:zlib` (its C deflate: 60 MiB
 * of zeros in about 0.1 CPU-s against 1.3 for fflate's JavaScript `zipSync`, session 41): local header, the raw
 * deflate stream, central directory entry, end record; the sizes and CRC-32 it declares are the true ones.
 */
function zipOf(name: string, data: Uint8Array): Uint8Array {
  const body = deflateRawSync(data, { level: 9 });
  const file = strToU8(name);
  const crc = crc32(data);
  const local = 30 + file.length;
  const central = 46 + file.length;
  const out = new Uint8Array(local + body.length + central + 22);
  const v = new DataView(out.buffer);
  // Local file header: version 2.0, no flags, deflate, no date, CRC, sizes, name.
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, 20, true);
  v.setUint16(8, 8, true);
  v.setUint32(14, crc, true);
  v.setUint32(18, body.length, true);
  v.setUint32(22, data.length, true);
  v.setUint16(26, file.length, true);
  out.set(file, 30);
  out.set(body, local);
  // Central directory entry: the same fields, the local header at offset 0.
  const c = local + body.length;
  v.setUint32(c, 0x02014b50, true);
  v.setUint16(c + 4, 20, true);
  v.setUint16(c + 6, 20, true);
  v.setUint16(c + 10, 8, true);
  v.setUint32(c + 16, crc, true);
  v.setUint32(c + 20, body.length, true);
  v.setUint32(c + 24, data.length, true);
  v.setUint16(c + 28, file.length, true);
  out.set(file, c + 46);
  // End of central directory: one entry.
  const e = c + central;
  v.setUint32(e, 0x06054b50, true);
  v.setUint16(e + 8, 1, true);
  v.setUint16(e + 10, 1, true);
  v.setUint32(e + 12, central, true);
  v.setUint32(e + 16, c, true);
  return out;
}

let zeros: Uint8Array | undefined;
/**
 * A zip of one entry, `list.ros`, of 60 MiB of zero bytes (under 1 MB deflated), built once for the three zip-bomb
 * tests (two of the import, one of the CLI); a copy each time, so no test sees another's bytes.
 */
const zerosZip = () => (zeros ??= zipOf('list.ros', new Uint8Array(60 * 1024 * 1024))).slice();

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<roster name="&lol9;" gameSystemName="Age of Sigmar 4.0"><forces/></roster>`;

describe('hostile files', () => {
  it('XML with a DOCTYPE declaring an entity is refused, the entity never expanded', () => {
    const xml = ROS.replace('<roster ', '<!DOCTYPE roster [<!ENTITY general "PWNED">]>\n<roster ').replace('name="Gardus Steel Soul"', 'name="&general;"');
    expect(refusal(xml)).toMatch(/DOCTYPE declaration at line 2, column 1 is refused/);
  });

  it('billion laughs is refused at once', () => {
    expect(refusal(BILLION_LAUGHS)).toMatch(/DOCTYPE declaration/);
  });

  it('an external entity (SYSTEM) is refused, nothing fetched', () => {
    expect(refusal('<?xml version="1.0"?><!DOCTYPE r SYSTEM "http://127.0.0.1:9/x.dtd"><roster gameSystemName="Age of Sigmar 4.0"/>')).toMatch(/DOCTYPE/);
  });

  it('an undeclared entity reference is left as written, never resolved', () => {
    const xml = ROS.replace('name="Gardus Steel Soul"', 'name="Gardus &xxe; Soul"');
    const r = importArmy(strToU8(xml), 'in');
    expect(r.army.units[0].name).toBe('Gardus &xxe; Soul');
  });

  it('a zip bomb past 50 MB (declared) is refused before inflating', () => {
    const bomb = zerosZip();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(refusal(bomb)).toMatch(/declare \d+ bytes uncompressed, more than the 50 MB limit/);
  });

  it('a zip bomb that lies about its size is stopped at 50 MB of actual output', () => {
    const bomb = lieAboutSizes(zerosZip(), 1000);
    expect(refusal(bomb)).toMatch(/zip entry "list\.ros" inflates past the 50 MB limit/);
  });

  it('a zip with two large entries is refused, naming them', () => {
    const big = strToU8(ROS.repeat(60)); // about 1.5 MB each
    expect(refusal(zipSync({ 'a.ros': big, 'b.ros': big }))).toMatch(/2 large entries \("a\.ros", "b\.ros"\)/);
  });

  it('a zip with no .ros among several entries is refused', () => {
    expect(refusal(zipSync({ 'a.txt': strToU8('x'), 'b.txt': strToU8('y') }))).toMatch(/expected one \.ros roster in the zip, found 0 among 2 entries/);
  });

  it('deeply nested JSON is refused before parsing', () => {
    expect(refusal('{"roster":' + '['.repeat(200_000) + ']'.repeat(200_000) + '}')).toMatch(/JSON nested more than 200 deep at line 1, column/);
  });

  it('deeply nested XML is refused', () => {
    expect(refusal('<roster gameSystemName="Age of Sigmar 4.0">' + '<a>'.repeat(100_000) + '</a>'.repeat(100_000) + '</roster>')).toMatch(/XML elements nested more than 100 deep/);
  });
});

describe('bad files', () => {
  it('empty and white space only', () => {
    expect(refusal('')).toMatch(/the file is empty/);
    expect(refusal(' \n\t ')).toMatch(/only white space/);
  });

  it('truncated .ros, .json and .rosz', () => {
    expect(refusal(ROS.slice(0, Math.floor(ROS.length / 2)))).toMatch(/not valid XML at line \d+, column \d+/);
    expect(refusal(JSON_TEXT.slice(0, Math.floor(JSON_TEXT.length / 2)))).toMatch(/not valid JSON.*\(truncated file\?\)/);
    expect(refusal(ROSZ.slice(0, Math.floor(ROSZ.length / 2)))).toMatch(/truncated or damaged zip archive/);
  });

  it('not a roster: other JSON, other XML, binary', () => {
    expect(refusal('{"name": "my army"}')).toMatch(/not a roster: no "roster" element at the top \(keys: name\)/);
    expect(refusal('<html><body>hi</body></html>')).toMatch(/not a roster/);
    expect(refusal(new Uint8Array([0, 1, 2, 3]))).toMatch(/not a roster: the content is neither XML/);
  });

  it('an Age of Sigmar 3rd edition roster is named', () => {
    expect(refusal(ROS.replace('gameSystemName="Age of Sigmar 4.0"', 'gameSystemName="Age of Sigmar 3.0"'))).toMatch(/an Age of Sigmar 3rd edition roster \(gameSystemName "Age of Sigmar 3\.0"\)/);
    expect(refusal(JSON_TEXT.replace('"gameSystemName":"Age of Sigmar 4.0"', '"gameSystemName":"Age of Sigmar 3.0"'))).toMatch(/3rd edition/);
    // The 3rd edition's game system has no number in its name (issue 28: "an Age of Sigmar an unknown edition roster").
    const third = refusal(ROS.replace('gameSystemName="Age of Sigmar 4.0"', 'gameSystemName="Warhammer Age of Sigmar"').replace(/gameSystemId="[^"]*"/, 'gameSystemId="e51d-b1a3-75fc-dc33"'));
    expect(third).toMatch(/an Age of Sigmar 3rd edition roster \(gameSystemName "Warhammer Age of Sigmar", gameSystemId "e51d-b1a3-75fc-dc33"\); Sightline plays Age of Sigmar 4\.0/);
    expect(third).not.toMatch(/unknown/);
  });

  it('a Warhammer 40,000 roster is named', () => {
    expect(refusal(ROS.replace('gameSystemName="Age of Sigmar 4.0"', 'gameSystemName="Warhammer 40,000 10th Edition"'))).toMatch(/a Warhammer 40,000 roster/);
  });

  it('an unreadable characteristic names the unit and the characteristic', () => {
    const xml = ROS.replace('<characteristic name="Health" typeId="96be-54ae-ce7b-10b7">6</characteristic>', '<characteristic name="Health" typeId="96be-54ae-ce7b-10b7">lots</characteristic>');
    expect(refusal(xml)).toMatch(/unit "Gardus Steel Soul" \(forces\[0\]\.forces\[0\]\.selections\[0\]\): Health "lots" is not a whole number/);
  });
});

describe('mutated real files', () => {
  it('600 random byte mutations of the .ros, .json and .rosz import or are refused, never crash', () => {
    let seed = 17;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const files = [strToU8(ROS), strToU8(JSON_TEXT), ROSZ];
    const counts = { imported: 0, refused: 0 };
    for (let i = 0; i < 600; i++) {
      const f = files[i % 3].slice();
      for (let k = 1 + Math.floor(rnd() * 8); k > 0; k--) f[Math.floor(rnd() * f.length)] = Math.floor(rnd() * 256);
      try {
        importArmy(f, 'mutant');
        counts.imported++;
      } catch (e) {
        expect(e).toBeInstanceOf(ArmyImportError);
        counts.refused++;
      }
    }
    expect(counts.imported + counts.refused).toBe(600);
    expect(counts.refused).toBeGreaterThan(0);
  });
});

describe('CLI (npm run import-army)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'army-'));
  /** The command as a process (`node --import tsx src/cli/importArmy.ts`). */
  const process_ = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/importArmy.ts', ...args], { cwd: join(__dirname, '../..'), encoding: 'utf8', timeout: 60_000 });
  /** The same command in this process. */
  const run = (...args: string[]) => runHere(importArmyCli, args);

  it('a good roster: exit 0, {army, warnings} on stdout', () => {
    const r = process_(join(LIST, 'list.rosz'));
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['army', 'warnings']);
    expect(out.army.units.map((u: { name: string }) => u.name)).toEqual(['Gardus Steel Soul', 'Annihilators']);
  });

  const bad: [string, string | Uint8Array, RegExp][] = [
    ['3rd edition', ROS.replace('Age of Sigmar 4.0', 'Age of Sigmar 3.0'), /3rd edition/],
    ['billion laughs', BILLION_LAUGHS, /DOCTYPE/],
    ['zip bomb', lieAboutSizes(zerosZip(), 1000), /50 MB/],
  ];
  for (const [i, [name, content, re]] of bad.entries()) {
    it(`${name}: exit 2, one line on stderr naming the file, nothing on stdout`, async () => {
      const f = join(dir, `${name.replace(/\W/g, '_')}.ros`);
      writeFileSync(f, content);
      const r = i === 0 ? process_(f) : await run(f);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(f);
      expect(lines[0]).toMatch(re);
    });
  }

  it('a missing file and a bad bases file: exit 2', async () => {
    const r = await run(join(dir, 'nope.ros'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no such file/);
    const b = join(dir, 'bases.json');
    writeFileSync(b, '{"Annihilators": 40}');
    const r2 = await run(join(LIST, 'list.ros'), '--bases', b);
    expect(r2.status).toBe(2);
    expect(r2.stdout).toBe('');
    expect(r2.stderr).toMatch(/bases\.json: entry "Annihilators": not a base/);
  });
});
