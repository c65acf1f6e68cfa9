/**
 * Session 41 (ui41, issue 34 item 5): the set-up of the browser check of the Play panel's blessing and passed-across
 * picks (abilities34's hot-seat test goes on with it): the sample battle, p1's Lord-Vindictor given FLY and the real
 * texts of dok-001's Call to Murder and sce-002's Draconic Onslaught, p1's army dok-001's Blessings of Khaine; p2's
 * Clawlord and Warlock Engineer standing in a line 5.5" and 9.5" in front of the Lord (so a 12" move straight ahead
 * passes across both). Changes for a short test, said here: Blessings of Khaine is offered in p1's hero phase (its
 * timing is End of Any Turn) and kept by hand (since sh41b the engine reads it, `blessingPick41b`, and refuses it
 * without a blood rite this turn; this checks the by-hand dialog's blessing), and Draconic Onslaught grants its move without its condition ("If this unit charged
 * this turn, roll a dice. On a 3+") and 12" instead of 2D6", in the hero phase (the engine's reading of the whole
 * text and its condition is sh40f's tests'; this checks the page's question after the move).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importArmy } from '../../src/army/importArmy';
import type { Ability } from '../../src/rules/abilities/schema';
import { hotseatSetup } from '../../workers/gameSetup';
import { assert } from './harness';

/** The Lord's and p2's two units' positions (inches): the Lord's 12" straight move ahead ends at LORD_TO. */
export const LORD_TO: [number, number] = [2.287, 22.5];

function abilityOf(root: string, list: string, name: string): Ability {
  const army = importArmy(new Uint8Array(readFileSync(join(root, `tests/fixtures/rosters/new-recruit/${list}/list.json`))), `${list}/list.json`).army;
  const all = [...(army.abilities ?? []), ...army.units.flatMap((u) => u.warscroll.abilities ?? [])];
  const a = all.find((x) => x.name === name);
  assert(a, `${list}'s ${name} is imported`);
  return a;
}

/** The hot-seat set-up (see the module comment); seed 7. */
export function blessingsAndOnslaught(root: string): ReturnType<typeof hotseatSetup> {
  const setup = hotseatSetup(7);
  const hero = { when: 'hero', whose: 'your' } as const;
  const call = abilityOf(root, 'dok-001-all-units', 'Call to Murder');
  assert(call.resolves?.some((e) => 'blessingPick40h' in e), 'Call to Murder is read (sh40h)');
  const bok = abilityOf(root, 'dok-001-all-units', 'Blessings of Khaine');
  assert(bok.resolves?.some((e) => 'blessingPick41b' in e), 'Blessings of Khaine is read (sh41b): kept by hand below');
  const blademaster = abilityOf(root, 'dok-001-all-units', 'Fanatical Blademaster');
  assert(blademaster.resolves?.some((e) => 'blessingPick40h' in e), 'Fanatical Blademaster is read (sh40h)');
  const onslaught = abilityOf(root, 'sce-002-units-a', 'Draconic Onslaught');
  const move = onslaught.resolves?.[0];
  assert(move && 'move' in move && move.passedAcross?.pick === 'one', `Draconic Onslaught is read (sh40f): ${JSON.stringify(onslaught.resolves)}`);
  const { if: _condition, ...unconditional } = move;
  const roster = setup.armies.p1.roster as { abilities?: Ability[]; units: { id: string; warscroll: { keywords: string[]; abilities?: Ability[] } }[] };
  const { picks: _picks, ...bokByHand } = bok;
  roster.abilities = [{ ...bokByHand, id: 'army:blessings-of-khaine', resolves: null, timing: { ...bok.timing, ...hero, text: 'Once Per Turn (Army), Your Hero Phase' } } as Ability];
  const lord = roster.units.find((u) => u.id === 'sce-lord')!;
  lord.warscroll.keywords = [...lord.warscroll.keywords, 'FLY'];
  // The Knight-Incantor (3" beside the Lord) is the Daughters of Khaine unit Fanatical Blademaster can pick.
  const incantor = roster.units.find((u) => u.id === 'sce-incantor')!;
  incantor.warscroll.keywords = [...incantor.warscroll.keywords, 'DAUGHTERS OF KHAINE'];
  lord.warscroll.abilities = [
    { ...call, id: 'sce-lord:call-to-murder' },
    { ...blademaster, id: 'sce-lord:fanatical-blademaster' },
    { ...onslaught, id: 'sce-lord:draconic-onslaught', timing: { ...onslaught.timing, ...hero, text: 'Your Hero Phase' }, resolves: [{ ...unconditional, inches: 12 }] } as Ability,
  ];
  const units = (setup.scenario as { units: { id: string; models: { position: [number, number] }[] }[] }).units;
  units.find((u) => u.id === 'sk-clawlord')!.models[0].position = [2.287, 16];
  units.find((u) => u.id === 'sk-warlock')!.models[0].position = [2.287, 20];
  return setup;
}
