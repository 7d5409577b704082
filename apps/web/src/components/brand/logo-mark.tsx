import { useId } from 'react';

import { cn } from '../../utils/cn';

/** The Questboard mark (same drawing as public/favicon.svg). Decorative: the name is always written beside it. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d5bf7" />
          <stop offset="1" stopColor="#4338ca" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <circle cx="15" cy="15" r="7" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M19 19l5 5" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
