/** Props of {@link EyeBanner}. */
export interface EyeBannerProps {
  /** The observing model's id. */
  observer: string;
  /** The target model's id. */
  target: string;
  /** The engine's verdict. */
  visible: boolean;
  /** Back to the table view. */
  onBack: () => void;
}

/** The strip shown in the observer's-eye view: who looks at whom, the verdict, and the way back. */
export function EyeBanner({ observer, target, visible, onBack }: EyeBannerProps) {
  return (
    <div className={`eye-banner ${visible ? 'ok' : 'bad'}`} data-testid="eye-banner">
      <b>Observer's eye</b> · {observer} looking at {target} · {visible ? 'Visible' : 'Not visible'}
      <button type="button" onClick={onBack}>
        ← Back
      </button>
    </div>
  );
}
