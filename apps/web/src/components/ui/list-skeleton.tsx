/** Placeholder rows while a list loads; announced once through its label. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col divide-y">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 py-3">
          <span className="size-9 shrink-0 animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-3 w-1/3 animate-pulse rounded bg-muted motion-reduce:animate-none" />
            <span className="h-3 w-1/2 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          </span>
        </div>
      ))}
    </div>
  );
}
