/** Props of {@link ProblemsDialog}. */
export interface ProblemsDialogProps {
  /** What failed, e.g. `bad.json could not be opened`. */
  title: string;
  /** Every problem, each led by its JSON path (`units[0].models[1]: ...`). */
  problems: string[];
  onClose: () => void;
}

/** Splits `path: message` so the path can be shown as code. */
function split(p: string): [string, string] | null {
  const m = /^(\(?[\w$.[\]()-]+\)?): (.*)$/s.exec(p);
  return m ? [m[1], m[2]] : null;
}

/**
 * Why a file, a link or a placement was refused: every problem with its JSON path, as the engine
 * reported it. The battlefield on the table did not change.
 */
export function ProblemsDialog({ title, problems, onClose }: ProblemsDialogProps) {
  return (
    <div className="file-problems panel" role="alert" data-testid="file-problems">
      <h2>{title}</h2>
      <p>The battlefield on the table did not change. {problems.length === 1 ? 'The problem:' : `The ${problems.length} problems:`}</p>
      <ul>
        {problems.map((p, i) => {
          const s = split(p);
          return (
            <li key={i} data-testid="file-problem">
              {s ? (
                <>
                  <code>{s[0]}</code>: {s[1]}
                </>
              ) : (
                p
              )}
            </li>
          );
        })}
      </ul>
      <button type="button" data-testid="btn-problems-close" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
