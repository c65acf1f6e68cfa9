/**
 * One army ability in the Play panel (ABILITIES.md "Play", issue 34 item 5): the options of one
 * ability group (`ability:<id>`, one entry per unit its Declare can pick, `src/game/abilityOptions.ts`)
 * shown together: a button to use it; for an ability whose Declare picks a unit, a button that
 * starts picking the target ON THE TABLE (the target tool: a click on a model of a unit the engine
 * offers declares it, Core 5.2) and the same targets as a list; when it cannot be used, the
 * engine's reason and rule, marked "used" when it was used already (Core 28.2, 5.3). Its timing,
 * Declare and Effect under it ({@link AbilityText}).
 */
import type { Action, OptionEntry } from '../../../client/gameClient';
import type { TargetGroup } from '../tools/targetTool';
import { AbilityText } from './AbilityText';
import './abilities.css';

/** Props of {@link AbilityEntry}. */
export interface AbilityEntryProps {
  /** The group's entries (required, non-empty, all with `ability`), labels in the player's words. */
  entries: readonly OptionEntry[];
  /** A request is in flight: buttons disabled (required). */
  busy: boolean;
  /** Takes an option's action (required). */
  onAct: (a: Action) => void;
  /** The group being picked on the table now (null: none). */
  targeting: TargetGroup | null;
  /** Starts (group) or cancels (null) the picking on the table. */
  onTarget: (t: TargetGroup | null) => void;
  /** Test id of the entry; its buttons add `-use`, `-pick`, `-t-<unit>` (required). */
  testid: string;
}

/** "Sludgeraker Venom (Your Hero Phase) → Gutrippaz": the part before the target, and the target's name. */
function split(label: string): [string, string] {
  const i = label.lastIndexOf(' → ');
  return i < 0 ? [label, ''] : [label.slice(0, i), label.slice(i + 3)];
}

/** Used already: the engine's reason is a once-per limit (Core 28.2) or the Rules of One (Core 5.3). */
const usedAlready = (e: OptionEntry) => !e.available && (e.rejectedBy === 'Core 28.2' || e.rejectedBy === 'Core 5.3') && /already used/.test(e.reason ?? '');

/** The ability's buttons and text. */
export function AbilityEntry({ entries, busy, onAct, targeting, onTarget, testid }: AbilityEntryProps) {
  const first = entries[0];
  const a = first.ability!;
  const now = entries.filter((e) => e.available);
  const targeted = now.filter((e) => e.target !== undefined);
  const used = now.length === 0 && entries.some(usedAlready);
  const group = first.group as TargetGroup;
  const picking = targeting === group;
  const [head] = split(first.label);
  return (
    <div className="play-ability" data-testid={testid} data-ability-name={a.name} data-state={now.length > 0 ? 'available' : used ? 'used' : 'unavailable'}>
      {now.length === 0 ? (
        <div className="na" data-testid={`${testid}-na`} title={first.reason}>
          <b>{head}</b> — {first.reason}
          <span className="play-rule">({first.rejectedBy})</span>
        </div>
      ) : targeted.length === 0 ? (
        <button type="button" data-testid={`${testid}-use`} disabled={busy} onClick={() => onAct(now[0].action)}>
          {first.label}
          <span className="play-rule">{first.rule}</span>
        </button>
      ) : (
        <>
          <button type="button" className="play-ability-pick" data-testid={`${testid}-pick`} aria-pressed={picking} disabled={busy} onClick={() => onTarget(picking ? null : group)}>
            {picking ? `${a.name}: click a model of the unit to pick on the table… (cancel)` : `${head}: pick the target on the table`}
            <span className="play-rule">{first.rule}</span>
          </button>
          <details className="play-ability-targets" data-testid={`${testid}-targets`}>
            <summary>or pick one of {targeted.length} {targeted.length === 1 ? 'unit' : 'units'} from a list</summary>
            {targeted.map((e) => (
              <button key={e.target} type="button" data-testid={`${testid}-t-${e.target}`} disabled={busy} onClick={() => onAct(e.action)}>
                {split(e.label)[1] || e.label}
              </button>
            ))}
          </details>
        </>
      )}
      <AbilityText timing={a.timing} declare={a.declare} effect={a.effect} auto={a.auto} used={used} />
    </div>
  );
}
