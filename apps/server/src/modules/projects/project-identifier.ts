import { randomInt } from 'node:crypto';

export const IDENTIFIER_BASE_MAX = 40;

/**
 * The URL-safe part of a project's address, from its name: lower-case ASCII letters and digits
 * joined by single hyphens, at most 40 characters; 'project' when nothing of the name survives
 * (an Arabic or emoji-only name).
 */
export function identifierBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, IDENTIFIER_BASE_MAX)
    .replace(/-+$/, '');
  return base || 'project';
}

/** Whether `text` could be an identifier at all; anything else is not looked up. */
export function isIdentifier(text: string): boolean {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(text) && text.length <= 60;
}

const base36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random base36 suffix; later attempts get longer ones. */
export function randomSuffix(length: number): string {
  return Array.from({ length }, () => base36[randomInt(base36.length)]).join('');
}

/** The identifiers to try in turn: the base, then the base with ever longer random suffixes. */
export function* identifierCandidates(name: string, suffix: (length: number) => string = randomSuffix) {
  const base = identifierBase(name);
  yield base;
  for (const length of [4, 4, 4, 5, 5, 6, 6, 6]) yield `${base}-${suffix(length)}`;
}
