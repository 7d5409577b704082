import { useId, type ReactNode } from 'react';

/**
 * A page's row of metric cards under a heading that only screen readers see: the cards' titles
 * are h3, and a page must not jump from its h1 straight to them (axe heading-order, issue 21).
 */
export function MetricGroup({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="sr-only">
        {title}
      </h2>
      {children}
    </section>
  );
}
