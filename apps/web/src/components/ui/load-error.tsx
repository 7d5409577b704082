import { ErrorAlert } from './alert';
import { Button } from './button';

/** A failed load: what went wrong, and asking again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ErrorAlert>
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </ErrorAlert>
  );
}
