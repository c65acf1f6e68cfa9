/**
 * A general option of the Play panel for an ability waiting to be resolved by hand
 * (`src/game/byHandOptions.ts`): a button that opens the {@link ByHandDialog} in place.
 */
import { useState } from 'react';
import type { Action, OptionEntry } from '../../../client/gameClient';
import { ByHandDialog } from './ByHandDialog';

/** Props of {@link ByHandEntry}. */
export interface ByHandEntryProps {
  /** The option (required; it carries `byHand`). */
  entry: OptionEntry & { byHand: NonNullable<OptionEntry['byHand']> };
  /** A request is in flight (required). */
  busy: boolean;
  /** Sends the `resolveByHand` action (required). */
  onAct: (a: Action) => void;
  /** The button's test id (required). */
  testid: string;
}

/** The button, and the dialog once opened. */
export function ByHandEntry({ entry, busy, onAct, testid }: ByHandEntryProps) {
  const [open, setOpen] = useState(false);
  if (open) return <ByHandDialog entry={entry} busy={busy} onAct={(a) => { setOpen(false); onAct(a); }} onClose={() => setOpen(false)} />;
  return (
    <button type="button" data-testid={testid} disabled={busy} onClick={() => setOpen(true)}>
      {entry.label}
      <span className="play-rule">{entry.rule}</span>
    </button>
  );
}
