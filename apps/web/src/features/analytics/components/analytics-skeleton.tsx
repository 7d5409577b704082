import { Card } from '../../../components/ui/card';

const block = 'animate-pulse rounded bg-muted motion-reduce:animate-none';

/**
 * The columns of the pages' own card grids (overview 9 and revenue 6 in threes, player insights 5
 * in a row, engagement 4 in a row from xl), so the cards do not jump when the figures arrive.
 */
const cardColumns = (cards: number) => (cards === 5 ? 'lg:grid-cols-5' : cards === 4 ? 'xl:grid-cols-4' : 'lg:grid-cols-3');

/** Placeholders in a page's shape (cards, a chart, a table) while its figures load; announced once. */
export function AnalyticsSkeleton({
  label,
  cards = 4,
  charts = 1,
  table = true,
}: {
  /** e.g. 'Loading overview...' */
  label: string;
  cards?: number;
  charts?: number;
  table?: boolean;
}) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-6">
      {cards > 0 && (
        <div className={`grid grid-cols-2 gap-3 sm:gap-4 ${cardColumns(cards)}`}>
          {Array.from({ length: cards }, (_, index) => (
            <Card key={index} className="flex flex-col gap-3 p-3 sm:p-4">
              <span className={`${block} h-3 w-24`} />
              <span className={`${block} h-7 w-20`} />
              <span className={`${block} h-3 w-28`} />
            </Card>
          ))}
        </div>
      )}
      {Array.from({ length: charts }, (_, index) => (
        <Card key={index} className="flex flex-col gap-4 p-5">
          <span className={`${block} h-4 w-40`} />
          <span className={`${block} block h-56 w-full`} />
        </Card>
      ))}
      {table && (
        <Card className="flex flex-col gap-3 p-5">
          <span className={`${block} h-4 w-32`} />
          {[0, 1, 2, 3, 4].map((row) => (
            <span key={row} className={`${block} h-3 w-full`} />
          ))}
        </Card>
      )}
    </div>
  );
}
