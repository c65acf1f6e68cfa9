/**
 * Issue 18: what the Play panel shows comes from the game API's summary, options and log lines.
 * "Broken today": after Forward to Victory re-rolls a charge, the summary and options give the
 * re-rolled allowance. "Plain words": the end-phase button's wording; a failed cast says it failed.
 */
import { describe, expect, test } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { actionNote } from '../../src/ui/play/notes';
import { hotseatSetup, samplePlacement, sampleRosters, sampleTable } from '../../workers/gameSetup';

/** The sample battle with p2's Rat Ogors 8" in front of p1's Liberators (a charge away, not in combat). */
function chargeSetup(seed: number) {
  const rosters = sampleRosters();
  const pl = samplePlacement();
  ['sk-ratogors-1', 'sk-ratogors-2', 'sk-ratogors-3'].forEach((id, i) => {
    const lib = pl[`sce-liberators-${i + 1}`];
    pl[id] = [Math.round((lib[0] + i * 0.7) * 1000) / 1000, Math.round((lib[1] + 8) * 1000) / 1000];
  });
  return { ...hotseatSetup(seed), scenario: sampleTable(pl, rosters) };
}

async function toChargePhase(seed: number): Promise<GameApi> {
  const api = new GameApi({ readBundled: readBundledNode });
  const r = await api.startOnTable(chargeSetup(seed));
  if (!r.ok) throw new Error(r.problems.join('\n'));
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: 4 }, () => ({ type: 'endPhase', player: 'p1' }))]) {
    const x = api.act(a);
    if (!x.ok) throw new Error(`${JSON.stringify(a)}: ${x.reason}`);
  }
  expect(api.summary().phase).toBe('charge');
  return api;
}

describe('Forward to Victory (Commands 5.0) re-rolls the charge: the page is told the new allowance', () => {
  test('summary pendingMove and the move option say the re-rolled charge', async () => {
    let checked = 0;
    for (let seed = 1; seed < 40 && checked < 2; seed++) {
      const api = await toChargePhase(seed);
      const charge = api.act({ type: 'charge', player: 'p1', unitId: 'sce-liberators' });
      if (!charge.ok) throw new Error(charge.reason);
      const first = charge.events.find((e) => e.type === 'chargeRoll')!.roll as number;
      expect(api.summary().units.find((u) => u.id === 'sce-liberators')!.pendingMove).toEqual({ kind: 'charge', maxInches: first });
      const r = api.act({ type: 'command', player: 'p1', command: 'forwardToVictory', unitId: 'sce-liberators' });
      if (!r.ok) throw new Error(r.reason);
      const reroll = r.events.find((e) => e.type === 'chargeReroll')!.roll as number;
      if (reroll === first) continue; // the same number: nothing to tell apart
      checked++;
      // The unit header ("charge up to N"") reads the summary's pending move.
      expect(r.summary.units.find((u) => u.id === 'sce-liberators')!.pendingMove).toEqual({ kind: 'charge', maxInches: reroll });
      expect(api.summary().units.find((u) => u.id === 'sce-liberators')!.pendingMove).toEqual({ kind: 'charge', maxInches: reroll });
      // The move option's label.
      const o = api.options('sce-liberators');
      if (!o.ok) throw new Error(o.reason);
      const move = o.entries.find((e) => e.group === 'move' && (e.action as { kind?: string }).kind === 'charge');
      expect(move?.label).toBe(`Make the charge move, up to ${reroll}" (drag the unit)`);
      expect(r.lines.map((l) => l.text).join('\n')).toContain(`${first}" → ${reroll}"`);
    }
    expect(checked).toBe(2);
  });
});

describe('plain words (issue 18)', () => {
  async function started(seed: number, endPhases: number): Promise<GameApi> {
    const api = new GameApi({ readBundled: readBundledNode });
    const r = await api.startOnTable(hotseatSetup(seed));
    if (!r.ok) throw new Error(r.problems.join('\n'));
    for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: endPhases }, () => ({ type: 'endPhase', player: 'p1' }))]) {
      const x = api.act(a);
      if (!x.ok) throw new Error(`${JSON.stringify(a)}: ${x.reason}`);
    }
    return api;
  }

  test('the end-phase button never says "End the end of turn" (the end of turn: "End the turn")', async () => {
    const api = await started(7, 0);
    const labels: string[] = [];
    for (let i = 0; i < 7; i++) {
      const end = api.generalOptions().find((e) => e.group === 'endPhase')!;
      labels.push(end.label);
      expect(api.act(end.action).ok).toBe(true);
    }
    expect(labels).toEqual(['Go on to the hero phase', 'End the hero phase', 'End the movement phase', 'End the shooting phase', 'End the charge phase', 'End the combat phase', 'End the turn']);
  });

  test('a failed cast says it failed (log and the note the page shows); a cast that succeeds says so', async () => {
    const seen = { failed: false, cast: false };
    for (let seed = 1; seed < 60 && !(seen.failed && seen.cast); seed++) {
      const api = await started(seed, 1);
      expect(api.summary().phase).toBe('hero');
      const r = api.act({ type: 'cast', player: 'p1', unitId: 'sce-incantor', spell: 'mysticShield', target: 'sce-incantor' });
      if (!r.ok) throw new Error(r.reason);
      const texts = r.lines.map((l) => l.text);
      expect(texts[0]).toBe('Knight-Incantor attempts to cast Mystic Shield on Knight-Incantor');
      const note = actionNote(r.lines);
      if (r.events.some((e) => e.type === 'spellFailed' || e.type === 'miscast')) {
        seen.failed = true;
        expect(texts.some((t) => t.startsWith('The cast failed: '))).toBe(true);
        expect(note.text).toContain('The cast failed');
        expect(texts.join('\n')).not.toMatch(/\bcasts Mystic Shield on\b/);
      } else {
        seen.cast = true;
        expect(note.text).toMatch(/casts Mystic Shield: casting roll \d+/);
        const pass = api.act({ type: 'pass', player: 'p2' });
        if (!pass.ok) throw new Error(pass.reason);
        expect(actionNote(pass.lines).text).toContain('Mystic Shield is cast: it takes effect on Knight-Incantor');
      }
    }
    expect(seen).toEqual({ failed: true, cast: true });
  });
});
