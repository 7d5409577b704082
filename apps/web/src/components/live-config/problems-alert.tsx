import { ErrorAlert } from '../ui/alert';
import { getErrorMessage } from '../../lib/api-error';
import { problemsOf } from '../../lib/live-config/problems';

/** A refused edit or publish: the server's message and, for a config that cannot go out, every problem. */
export function ProblemsAlert({ error, className }: { error: unknown; className?: string }) {
  const problems = problemsOf(error);
  return (
    <ErrorAlert className={className}>
      <p>{getErrorMessage(error)}</p>
      {problems.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </ErrorAlert>
  );
}
