import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';

/** Shown while the invitation or the session is loading, and while an answer completes. */
export function AccessStatus({ label }: { label: string }) {
  return (
    <Card className="w-full max-w-[440px] p-6 sm:p-8">
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center text-sm text-muted-foreground">
        <Spinner className="size-6 text-link" />
        {label}
      </div>
    </Card>
  );
}
