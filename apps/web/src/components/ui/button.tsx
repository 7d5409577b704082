import type { ComponentProps } from 'react';

import { cn } from '../../utils/cn';

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary-hover disabled:hover:bg-primary',
  outline: 'border border-input/60 bg-card text-foreground shadow-xs hover:bg-muted disabled:hover:bg-card',
  ghost: 'text-foreground hover:bg-muted',
  /** Confirms a destructive action. */
  danger: 'bg-danger text-danger-foreground shadow-xs hover:bg-danger-hover disabled:hover:bg-danger',
  /** Opens a destructive action (the confirmation follows). */
  'danger-outline':
    'border border-destructive/40 bg-card text-destructive shadow-xs hover:bg-destructive-surface disabled:hover:bg-card',
} as const;

const sizes = {
  md: 'h-10 px-4 text-sm',
  sm: 'h-8 px-3 text-sm',
  /** A square icon-only button: give it an aria-label. */
  icon: 'size-8 text-sm',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Classes of a button, for links that must look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap select-none',
    'transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
