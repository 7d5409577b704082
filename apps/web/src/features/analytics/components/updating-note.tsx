import { Spinner } from '../../../components/ui/spinner';

/** While a new view loads, the previous figures stay and this says they are being replaced. */
export function UpdatingNote({ updating }: { updating: boolean }) {
  return (
    <p role="status" className={updating ? 'flex items-center gap-2 text-xs text-muted-foreground' : 'sr-only'}>
      {updating && (
        <>
          <Spinner className="size-3" />
          Updating figures for the new view...
        </>
      )}
    </p>
  );
}
