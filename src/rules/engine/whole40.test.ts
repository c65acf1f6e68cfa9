/**
 * "This unit has Strike-first for the rest of the turn but it cannot use commands this phase." (Doomfang, skv-001
 * Krittok Foulblade; issue 34, session 40, sh40c; `abilities/parseWhole40.ts`): read as its two effects on this unit
 * (Core 19.0 Strike-first for the turn; Commands 1.2, no commands for the rest of the phase). On the kit's table:
 * p1's Gutrippaz use it in the combat phase, then All-out Attack is refused (lasting the phase: the parse's `duration`).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { abilityStrike } from '../abilities/passives';
import { commandsForbidden } from '../abilities/passivePermissions';
import type { Action } from './state';

const DOOMFANG = 'This unit has Strike-first for the rest of the turn but it cannot use commands this phase.';
const combat = timing('Any Combat Phase', 'combat', 'any');
const read = (effect: string, t = combat) => parseEffect({ declare: null, effect, timing: t, knownKeywords: ['SKAVEN'] }).resolves;

describe('Doomfang, read (real text)', () => {
  it('Strike-first for the rest of the turn and no commands for the rest of the phase, both on this unit', () => {
    expect(read(DOOMFANG)).toEqual([{ strike: 'first', targets: 'self', duration: 'turn' }, { noCommands: true, targets: 'self', duration: 'phase' }]);
  });

  it('fall-back twins stay by hand: a passive, "the target" as the subject, a part not read before "but"', () => {
    expect(read(DOOMFANG, timing('Passive', 'passive', 'any'))).toBeNull();
    expect(read(DOOMFANG.replace('This unit has', 'The target has'))).toBeNull();
    expect(read(DOOMFANG.replace('has Strike-first', 'has Strike-first against Monsters'))).toBeNull();
  });
});

describe('Doomfang on the kit (p1\'s Gutrippaz at (14, 15) in combat with p2\'s Hobgrots at (15.4, 15))', () => {
  const doomfang = ability({ name: 'Doomfang', timing: combat, effect: DOOMFANG, resolves: read(DOOMFANG) });
  const port = tablePortAt({ 'p2-gits': [15.4, 15] });
  const allOutAttack: Action = { type: 'command', player: 'p1', command: 'allOutAttack', unitId: 'p1-boyz' };

  it('used in the combat phase: Strike-first, All-out Attack refused (Commands 1.2, naming Doomfang); neither before it', () => {
    const s = toPhase(gameAtHero(roster('p1', [], [doomfang]), roster('p2'), port), port, 'combat');
    const used = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Doomfang' }]).s;
    expect(abilityStrike(used, port, 'p1-boyz')).toEqual({ first: true, last: false });
    expect(commandsForbidden(used, port, 'p1-boyz')).toBe('Doomfang');
    // Its Fight declared (Core 5.2: the attacking player reacts first), All-out Attack is refused by Doomfang.
    const fighting = play(used, port, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' }]).s;
    const r = refused(fighting, port, allOutAttack);
    expect(r.rule).toBe('Commands 1.2');
    expect(r.reason).toContain('Doomfang');
    // Before it: no restriction, no Strike-first.
    expect(commandsForbidden(s, port, 'p1-boyz')).toBeNull();
    expect(abilityStrike(s, port, 'p1-boyz')).toEqual({ first: false, last: false });
  });
});
