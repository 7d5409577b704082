import { Button } from '../../../components/ui/button';

interface ProjectPagerProps {
  /** 0-based, as the API counts. */
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Previous and Next around 'Page N of M'; hidden when everything fits on one page. */
export function ProjectPager({ page, totalPages, onPage }: ProjectPagerProps) {
  if (totalPages <= 1 && page === 0) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 0} onClick={() => onPage(Math.min(page - 1, Math.max(totalPages - 1, 0)))}>
        Previous
      </Button>
      <p className="text-sm text-muted-foreground tabular-nums">
        Page {page + 1} of {Math.max(totalPages, 1)}
      </p>
      <Button variant="outline" size="sm" disabled={page + 1 >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
