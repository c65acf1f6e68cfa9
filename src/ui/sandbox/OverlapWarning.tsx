import { useMemo, useState } from 'react';
import './sandbox.css';
import type { ModelView } from '../../scene/types';
import { overlappingModels, overlapWarning } from './overlaps';

/**
 * A warning over the page when models' bases stand on one another (issue 18): shown when a
 * scenario opens (or an edit makes it so), naming the models; "Dismiss" hides it until the set of
 * overlapping pairs changes.
 */
export function OverlapWarning({ models }: { models: readonly ModelView[] }) {
  const pairs = useMemo(() => overlappingModels(models), [models]);
  const text = overlapWarning(pairs);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!text || dismissed === text) return null;
  return (
    <div className="overlap-warning panel" role="alert" data-testid="overlap-warning" data-pairs={JSON.stringify(pairs)}>
      <span>⚠ {text}</span>
      <button type="button" onClick={() => setDismissed(text)} data-testid="overlap-dismiss">
        Dismiss
      </button>
    </div>
  );
}
