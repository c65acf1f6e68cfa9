/**
 * The Timing reader (Core 5.1, 5.2, 28.2) on every Timing text of the real fixture rosters
 * (tests/fixtures/rosters/new-recruit), each form with its expected reading.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeTiming, parseTiming } from './parseTiming';

const ROSTERS = fileURLToPath(new URL('../../../tests/fixtures/rosters/new-recruit', import.meta.url));

/** Every Timing characteristic of every ability profile of the fixture rosters, as printed. */
function fixtureTimings(): string[] {
  const out = new Set<string>();
  for (const d of readdirSync(ROSTERS)) {
    const text = readFileSync(join(ROSTERS, d, 'list.json'), 'utf8');
    const visit = (n: unknown): void => {
      if (Array.isArray(n)) return n.forEach(visit);
      if (n === null || typeof n !== 'object') return;
      const o = n as Record<string, unknown>;
      if (typeof o.typeName === 'string' && o.typeName.startsWith('Ability') && Array.isArray(o.characteristics)) {
        for (const c of o.characteristics as { name: string; $text?: string }[]) if (c.name === 'Timing' && c.$text) out.add(c.$text);
      }
      Object.values(o).forEach(visit);
    };
    visit(JSON.parse(text));
  }
  return [...out];
}

describe('parseTiming: the forms of the rosters', () => {
  it.each([
    ['Your Hero Phase', { when: 'hero', whose: 'your' }],
    ['Enemy Hero Phase', { when: 'hero', whose: 'enemy' }],
    ['Any Combat Phase', { when: 'combat', whose: 'any' }],
    ['Your Movement  Phase', { when: 'movement', whose: 'your' }],
    ['Any Shooting Phase', { when: 'shooting', whose: 'any' }],
    ['Your Charge Phase', { when: 'charge', whose: 'your' }],
    ['Deployment Phase', { when: 'deployment', whose: 'any' }],
    ['Start of Any Turn', { when: 'startOfTurn', whose: 'any' }],
    ['End of Any Turn', { when: 'endOfTurn', whose: 'any' }],
    ['Once Per Turn (Army), End of Your Turn', { when: 'endOfTurn', whose: 'your', limit: { per: 'turn', army: true } }],
    ['Once Per Turn (Army), End of Enemy Turn', { when: 'endOfTurn', whose: 'enemy', limit: { per: 'turn', army: true } }],
    ['Once Per Battle Round (Army), Start of Battle Round', { when: 'startOfRound', whose: 'any', limit: { per: 'round', army: true } }],
  ])('%s', (text, want) => {
    expect(parseTiming(text)).toEqual({ text: text.replace(/\s+/g, ' '), ...want });
  });

  it('Passive profiles (no Timing) are passive (Core 5.4)', () => {
    expect(parseTiming(undefined, true)).toEqual({ text: 'Passive', when: 'passive', whose: 'any' });
    expect(parseTiming('', true)).toEqual({ text: 'Passive', when: 'passive', whose: 'any' });
  });

  it('once-per prefixes (Core 28.2): phase, turn, battle round, battle; with and without (Army), spelled loosely', () => {
    expect(parseTiming('Once Per Turn, Your Hero Phase').limit).toEqual({ per: 'turn' });
    expect(parseTiming('Once Per Turn (Army), Any Combat Phase').limit).toEqual({ per: 'turn', army: true });
    expect(parseTiming('Once Per Battle, Any Combat Phase').limit).toEqual({ per: 'battle' });
    expect(parseTiming('Once Per Battle (Army), Deployment Phase')).toMatchObject({ when: 'deployment', limit: { per: 'battle', army: true } });
    expect(parseTiming('Once Per Battle(Army), Any Shooting Phase')).toMatchObject({ when: 'shooting', whose: 'any', limit: { per: 'battle', army: true } });
    expect(parseTiming('Once Per Turn (army), End of Any Turn')).toMatchObject({ when: 'endOfTurn', limit: { per: 'turn', army: true } });
    expect(parseTiming('Once Per Battle Round (Army), Any Hero Phase')).toMatchObject({ when: 'hero', limit: { per: 'round', army: true } });
    expect(parseTiming('Once Per Phase, Your Shooting Phase')).toMatchObject({ when: 'shooting', limit: { per: 'phase' } });
  });

  it('reactions keep their trigger; whose from who declared (Core 5.2)', () => {
    expect(parseTiming('Reaction: You declared a **^^Fight^^** ability for this unit')).toEqual({
      text: 'Reaction: You declared a Fight ability for this unit', when: 'reaction', whose: 'your', reaction: 'You declared a Fight ability for this unit',
    });
    expect(parseTiming('Reaction: Opponent declared a **^^Spell^^** ability')).toMatchObject({ when: 'reaction', whose: 'enemy', reaction: 'Opponent declared a Spell ability' });
    expect(parseTiming('Once Per Turn (Army), Reaction: This unit was picked as the target of a non-**^^Core^^** ability')).toEqual({
      text: 'Once Per Turn (Army), Reaction: This unit was picked as the target of a non-Core ability',
      when: 'reaction', whose: 'any', reaction: 'This unit was picked as the target of a non-Core ability', limit: { per: 'turn', army: true },
    });
    expect(parseTiming(`Reaction: You declared the 'Redeploy' command for a friendly **Gutrippaz** unit wholly within 12" of this unit`).reaction)
      .toBe(`You declared the 'Redeploy' command for a friendly Gutrippaz unit wholly within 12" of this unit`);
  });

  it('a timing naming one battle round only is not parsed (a warning; usable by hand at any time)', () => {
    expect(parseTiming('Start of First Battle Round')).toEqual({ text: 'Start of First Battle Round', when: 'any', whose: 'any', parsed: false });
    expect(describeTiming(parseTiming('Start of First Battle Round'))).toBe('unparsed "Start of First Battle Round"');
  });

  it('every Timing of the fixture rosters is parsed, but "Start of First Battle Round"', () => {
    const all = fixtureTimings();
    expect(all.length).toBeGreaterThan(70);
    const unparsed = all.filter((t) => parseTiming(t).parsed === false);
    expect(unparsed).toEqual(['Start of First Battle Round']);
  });
});
