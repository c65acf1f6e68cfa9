import type { Refusal } from '../../campaign/roster';

/** Props of {@link Refusals}. */
export interface RefusalsProps {
  /** The rules' refusals (shown as "rule: message"), or plain problems. Nothing is drawn when empty. */
  items: readonly (Refusal | string)[];
  /** Test id. Default `campaign-refusals`. */
  testId?: string;
}

/** What a rule refused (each line names its rule, `Ascension › …`), or a file's problems. */
export function Refusals({ items, testId = 'campaign-refusals' }: RefusalsProps) {
  if (!items.length) return null;
  return (
    <ul className="campaign-problems" role="alert" data-testid={testId}>
      {items.map((r, i) =>
        typeof r === 'string' ? (
          <li key={i}>{r}</li>
        ) : (
          <li key={i}>
            <b className="campaign-rule">{r.rule}</b>: {r.message}
          </li>
        ),
      )}
    </ul>
  );
}
