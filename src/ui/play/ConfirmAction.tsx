import type { Action } from '../../client/gameClient';

/** An action waiting for the player's confirmation, with its button's label. */
export interface PendingAction {
  action: Action;
  label: string;
}

/** Props of {@link ConfirmAction}. */
export interface ConfirmActionProps {
  pending: PendingAction;
  /** Sends the action. */
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Online, an action cannot be undone (the game server keeps the game; issue 35 item 4): a button of
 * the Play panel asks once before it acts. The question floats over the table beside the panel (it
 * pushes no button), Esc or "Not now" drops it, nothing is sent until "Do it".
 */
export function ConfirmAction({ pending, onConfirm, onCancel }: ConfirmActionProps) {
  return (
    <div
      className="play-confirm panel"
      role="dialog"
      aria-modal="true"
      aria-labelledby="play-confirm-act-title"
      data-testid="play-confirm-act"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <b id="play-confirm-act-title">{pending.label}?</b>
      <p>An online game has no undo: once sent, this stands.</p>
      <div className="play-confirm-actions">
        <button type="button" data-testid="play-confirm-act-cancel" onClick={onCancel}>
          Not now
        </button>
        <button type="button" data-testid="play-confirm-act-ok" onClick={onConfirm} autoFocus>
          Do it
        </button>
      </div>
    </div>
  );
}
