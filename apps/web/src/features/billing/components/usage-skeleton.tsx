import { Card } from '../../../components/ui/card';

const block = 'animate-pulse rounded bg-muted motion-reduce:animate-none';

/** Placeholders in the page's shape while usage loads; announced once through its label. */
export function UsageSkeleton() {
  return (
    <div role="status" aria-label="Loading usage..." className="flex flex-col gap-6">
      <Card className="flex flex-col gap-3 p-5 sm:p-6">
        <span className={`${block} h-4 w-40`} />
        <span className={`${block} h-2 w-full rounded-full`} />
        <span className={`${block} h-3 w-56`} />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        {[0, 1].map((group) => (
          <Card key={group} className="grid grid-cols-2 gap-4 p-5 sm:p-6">
            {[0, 1, 2, 3].map((figure) => (
              <span key={figure} className="flex flex-col gap-2">
                <span className={`${block} h-3 w-20`} />
                <span className={`${block} h-6 w-16`} />
              </span>
            ))}
          </Card>
        ))}
      </div>
      <Card className="p-5 sm:p-6">
        <span className={`${block} block h-40 w-full`} />
      </Card>
    </div>
  );
}
