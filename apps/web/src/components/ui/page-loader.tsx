import { Spinner } from './spinner';

/** Full-area loading state with the spec's generic 'Loading...' text. */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-dvh flex-1 items-center justify-center gap-2 text-sm text-muted-foreground"
    >
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
