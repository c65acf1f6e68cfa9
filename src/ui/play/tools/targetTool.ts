/**
 * The Play mode's target tool: picking the target of a shot or a fight on the table, as a small
 * state machine (tldraw-style, like `./moveTool.ts`): `targetToolStep(state, event) -> { state,
 * effects, used }`, pure; `useTargetTool` carries out the effects.
 *
 *   idle --start(shoot | fight)--> picking --pick an enemy unit the engine offers--> (act) picking
 *    ^                               | cancel (the panel's button, Esc)              | accepted
 *    +-------------------------------+-----------------------------------------------+--> idle
 *
 * - A pick of a model whose unit the selected unit's options offer as a target of the group being
 *   picked (`shoot` in the shooting phase, `fight` in combat: Core 16.0, 17.0; an ability's Declare
 *   pick, among the unit's or the player's options: Core 5.2) sends that option's action; the tool stays in `picking` until the game accepts an action (a refused shot leaves
 *   the player picking another target).
 * - Any other pick is not the tool's (`used` false): it falls through to the table's selection.
 */
import type { Action, OptionEntry, OptionsResult } from '../../../client/gameClient';

/** The group of options being picked: a shot, a fight, or an army ability's Declare pick (`ability:<id>`, ABILITIES.md "Play"). */
export type TargetGroup = 'shoot' | 'fight' | `ability:${string}`;

/** The target tool's state: null (idle) or the group being picked (picking). The panel shows it. */
export type TargetToolState = TargetGroup | null;

/** Events of the target tool. */
export type TargetToolEvent =
  | { type: 'start'; group: TargetGroup }
  | { type: 'cancel' }
  /** A model of unit `unitId` was clicked; `options`: the selected unit's options shown now; `general`: the player-level ones (an army's abilities). */
  | { type: 'pick'; unitId: string; options: OptionsResult | null; general?: readonly OptionEntry[] }
  /** The game accepted an action (the pick, or any other): the picking is over. */
  | { type: 'accepted' };

/** What the tool asks to be done: take the option's action through the game. */
export type TargetToolEffect = { type: 'act'; action: Action };

/** One step of the target tool. */
export interface TargetToolStep {
  state: TargetToolState;
  effects: TargetToolEffect[];
  /** The event was the tool's (a pick it answered): the table does nothing else with it. */
  used: boolean;
}

/** The target tool's transitions (pure). */
export function targetToolStep(s: TargetToolState, e: TargetToolEvent): TargetToolStep {
  switch (e.type) {
    case 'start':
      return { state: e.group, effects: [], used: true };
    case 'cancel':
    case 'accepted':
      return { state: null, effects: [], used: s !== null };
    case 'pick': {
      const shown = [...(e.options?.ok ? e.options.entries : []), ...(s?.startsWith('ability:') ? (e.general ?? []) : [])];
      const entry = s ? shown.find((x) => x.group === s && x.target === e.unitId) : undefined;
      if (!entry) return { state: s, effects: [], used: false };
      return { state: s, effects: [{ type: 'act', action: entry.action }], used: true };
    }
  }
}
