import type { ComponentProps } from 'react';

import { cn } from '../../utils/cn';

const tones = {
  neutral: 'border-border bg-muted text-muted-foreground',
  info: 'border-link/30 bg-card text-link',
  success: 'border-success/30 bg-card text-success',
  danger: 'border-destructive/30 bg-destructive-surface text-destructive',
} as const;

export type BadgeTone = keyof typeof tones;

/** A short label (a role, a status). Its text is the content: never rely on its colour alone. */
export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex h-6 shrink-0 items-center gap-1 rounded-full border px-2.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
