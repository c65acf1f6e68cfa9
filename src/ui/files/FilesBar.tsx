import { useRef, useState } from 'react';
import './files.css';

/** What the autosave pill shows. */
export type AutosaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** Props of {@link FilesBar}. */
export interface FilesBarProps {
  /** An open, load or placement is running: file actions wait. */
  busy: boolean;
  /** Files picked with the Open button. */
  onOpenFiles: (files: File[]) => void;
  /** Download the current scenario as JSON. */
  onSave: () => void;
  /** Make a share link. */
  onShare: () => void;
  /** The share link made last, shown in a popover until closed. */
  share: { url: string; warning?: string } | null;
  onCloseShare: () => void;
  /** Replace the battlefield with the bundled default (after a confirmation). */
  onNew: () => void;
  paletteOpen: boolean;
  onTogglePalette: () => void;
  diceOpen: boolean;
  onToggleDice: () => void;
  autosave: { state: AutosaveState; detail?: string };
}

/**
 * The file actions, top centre: open (file picker; drag and drop works anywhere on the page),
 * save as JSON, share as a link, new (reset to the default battlefield), the palette, the dice,
 * and the autosave status.
 */
export function FilesBar({ busy, onOpenFiles, onSave, onShare, share, onCloseShare, onNew, paletteOpen, onTogglePalette, diceOpen, onToggleDice, autosave }: FilesBarProps) {
  const input = useRef<HTMLInputElement>(null);
  const [confirmNew, setConfirmNew] = useState(false);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!share) return;
    try {
      await navigator.clipboard.writeText(share.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="files-bar panel" role="toolbar" aria-label="Files" data-testid="files-bar" data-busy={busy}>
      <button type="button" data-testid="btn-open" disabled={busy} onClick={() => input.current?.click()} title="Open a scenario file (.json, with its mesh files if any); or drop it on the page">
        Open…
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept=".json,application/json,.glb,.gltf,.bin,.stl,.obj"
        data-testid="file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onOpenFiles(files);
        }}
      />
      <button type="button" data-testid="btn-save" disabled={busy} onClick={onSave} title="Download the battlefield as it is now (scenario JSON)">
        Save
      </button>
      <button
        type="button"
        data-testid="btn-share"
        disabled={busy}
        onClick={() => {
          setCopied(false);
          onShare();
        }}
        title="A link that opens this layout"
      >
        Share
      </button>
      <button type="button" data-testid="btn-new" disabled={busy} aria-expanded={confirmNew} onClick={() => setConfirmNew((c) => !c)} title="Start again from the default battlefield">
        New
      </button>
      <span className="sep" />
      <button type="button" data-testid="btn-palette" aria-pressed={paletteOpen} onClick={onTogglePalette} title="Place terrain and models (P)">
        Place
      </button>
      <button type="button" data-testid="btn-dice" aria-pressed={diceOpen} onClick={onToggleDice} title="Dice tray">
        Dice
      </button>
      <span className="autosave-pill" data-testid="autosave" data-state={autosave.state} title={autosave.detail}>
        {autosave.state === 'saving' ? 'Saving…' : autosave.state === 'saved' ? 'Saved' : autosave.state === 'failed' ? 'Not saved' : 'Autosave'}
      </span>
      {confirmNew && (
        <div className="files-pop panel" data-testid="new-confirm">
          Replace the battlefield with the default one? The current layout is lost unless you saved it.
          <div className="row">
            <button
              type="button"
              data-testid="btn-new-confirm"
              onClick={() => {
                setConfirmNew(false);
                onNew();
              }}
            >
              Reset to the default battlefield
            </button>
            <button type="button" onClick={() => setConfirmNew(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {share && (
        <div className="files-pop panel" data-testid="share-pop">
          A link to this layout (it holds the whole battlefield; nothing is uploaded):
          <div className="row">
            <input type="text" readOnly value={share.url} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
            <button type="button" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button type="button" onClick={onCloseShare} aria-label="Close">
              ×
            </button>
          </div>
          {share.warning && <div className="warn">{share.warning}</div>}
        </div>
      )}
    </div>
  );
}
