/**
 * The unit card's ability list (issue 34 item 5) on a real roster: every ability of the Kruleboyz
 * Swampcalla Shaman with its parsed timing and auto / by hand, rendered to static markup (a .test.ts: the vitest include has no .tsx).
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../../army/importArmy';
import { UnitAbilityList } from './UnitAbilityList';

const KB = fileURLToPath(new URL('../../../../tests/fixtures/rosters/new-recruit/kb-001-all-units/list.json', import.meta.url));

describe('UnitAbilityList', () => {
  const army = importArmy(new Uint8Array(readFileSync(KB)), 'kb-001').army;
  const shaman = army.units.find((u) => u.name === 'Swampcalla Shaman with Pot-grot');
  it('lists every ability of the unit with its timing and whether the engine applies it', () => {
    const abilities = shaman?.warscroll.abilities ?? [];
    expect(abilities.length).toBe(5);
    const html = renderToStaticMarkup(createElement(UnitAbilityList, { abilities }));
    expect(html.match(/data-testid="unit-card-ability"/g)?.length).toBe(5);
    expect(html).toContain('3 of 5 applied by the engine');
    const row = (name: string) => {
      const i = html.indexOf(`<b>${name.replace(/'/g, '&#x27;')}</b>`);
      expect(i, name).toBeGreaterThan(0);
      return html.slice(i, html.indexOf('</summary>', i));
    };
    expect(row('Foul Elixirs')).toContain('once per turn (army), your hero phase');
    expect(row('Foul Elixirs')).toContain('>by hand<');
    expect(row('Choking Mist')).toContain('your hero phase');
    expect(row('Choking Mist')).toContain('>auto<');
    expect(row('Pot-grot')).toContain('passive');
    expect(html).toContain('casting value 7');
    expect(html).toContain('the target until the start of your next turn');
    expect(html).not.toMatch(/nextTurnStart|→ targets/);
  });
  it('renders nothing for a unit without abilities', () => {
    expect(renderToStaticMarkup(createElement(UnitAbilityList, { abilities: [] }))).toBe('');
  });
});
