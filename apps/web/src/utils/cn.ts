export type ClassValue = string | false | null | undefined;

/**
 * Joins class names, skipping empty ones. Deliberately not tailwind-merge (~8 kB gzip): components
 * keep their own classes and callers add layout (margins, widths), so conflicts do not arise.
 */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
