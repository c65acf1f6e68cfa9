import type { Campaign } from '../../campaign/schema';

/** Props of {@link ReplaceCampaignPrompt}. */
export interface ReplaceCampaignPromptProps {
  /** The campaign kept in the browser now. */
  current: Campaign;
  /** The campaign that would replace it, and where it comes from ("hammers.json", "a new campaign"). */
  next: Campaign;
  from: string;
  /** What replacing would lose (`unsavedProgress`). */
  lose: readonly string[];
  /** Saves the current campaign to a file first, then replaces it. */
  onSaveThenReplace: () => void;
  onReplace: () => void;
  onCancel: () => void;
}

/**
 * Asked before a campaign with unsaved progress is replaced (issue 37 item 4): opening a campaign
 * file or making a new campaign keeps one campaign in the browser, so the player saves the current
 * one first, replaces it anyway, or keeps it.
 */
export function ReplaceCampaignPrompt({ current, next, from, lose, onSaveThenReplace, onReplace, onCancel }: ReplaceCampaignPromptProps) {
  return (
    <div className="campaign-replace" role="alertdialog" aria-label="Replace the campaign?" data-testid="campaign-replace">
      <p>
        Replace <b>{current.name}</b> with <b>{next.name}</b> ({from})? This browser keeps one campaign:
      </p>
      <ul>
        {lose.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <div className="campaign-actions left">
        <button type="button" data-testid="campaign-replace-save" onClick={onSaveThenReplace}>
          Save “{current.name}” to a file, then replace it
        </button>
        <button type="button" data-testid="campaign-replace-yes" onClick={onReplace}>
          Replace without saving
        </button>
        <button type="button" data-testid="campaign-replace-cancel" onClick={onCancel}>
          Keep “{current.name}”
        </button>
      </div>
    </div>
  );
}
