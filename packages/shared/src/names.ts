// docs/product/rules-and-messages.md (entities, account and organisation): how an account's name is shown, and the account / organisation status.

/** Any account-shaped value; every field may be missing, null or blank. */
export type AccountLike =
  | { name?: string | null; firstName?: string | null; lastName?: string | null; isActive?: unknown }
  | null
  | undefined;

export type OrganisationLike = { isActive?: unknown } | null | undefined;

export interface ActivityStatus {
  active: boolean;
  message: string;
}

/** Shown when nothing better is known. */
export const DEFAULT_DISPLAY_NAME = 'User';

export const accountActiveMessage = 'Account is active';
export const accountInactiveMessage = 'Your account is inactive. Please contact support.';
export const organisationActiveMessage = 'Organisation is active';
export const organisationInactiveMessage = 'Your organisation is inactive. Please contact support.';

/** The trimmed value, or undefined when it is missing or blank. */
function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function firstWord(value: string | null | undefined): string | undefined {
  return present(value)?.split(/\s+/u)[0];
}

/** name; else the present parts of firstName and lastName; else the fallback; else 'User'. */
export function displayName(account: AccountLike, fallback?: string | null): string {
  const name = present(account?.name);
  if (name !== undefined) return name;
  const parts = [present(account?.firstName), present(account?.lastName)].filter((part) => part !== undefined);
  if (parts.length > 0) return parts.join(' ');
  return present(fallback) ?? DEFAULT_DISPLAY_NAME;
}

/** firstName; else the first word of name; else the first word of the fallback; else 'User'. */
export function greetingFirstName(account: AccountLike, fallback?: string | null): string {
  return present(account?.firstName) ?? firstWord(account?.name) ?? firstWord(fallback) ?? DEFAULT_DISPLAY_NAME;
}

/**
 * Up to two upper-case initials for an avatar.
 *
 * Source: the display name (using `fallback`), unless that is 'User'; then `secondFallback`; then 'User'.
 * Rule: the source is NFC-normalised (so a decomposed 'É' is one character) and split on whitespace;
 * the result is the first code point of the first word followed by the first code point of the last
 * word (one word gives one initial). Code points, not UTF-16 units, so an emoji or an astral letter is
 * never cut in half. Each initial is upper-cased unless upper-casing makes it longer ('ß' stays 'ß').
 */
export function initials(account: AccountLike, fallback?: string | null, secondFallback?: string | null): string {
  const name = displayName(account, fallback);
  const source = name === DEFAULT_DISPLAY_NAME ? (present(secondFallback) ?? DEFAULT_DISPLAY_NAME) : name;
  const words = source.normalize('NFC').split(/\s+/u);
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return initialOf(first) + initialOf(last);
}

function initialOf(word: string): string {
  const codePoint = word.codePointAt(0);
  if (codePoint === undefined) return '';
  const letter = String.fromCodePoint(codePoint);
  const upper = letter.toUpperCase();
  return /^.$/su.test(upper) ? upper : letter;
}

/** Active only when isActive is strictly `true`; anything else (missing, 'true', 1) is inactive. */
export function accountStatus(account: AccountLike): ActivityStatus {
  const active = account?.isActive === true;
  return { active, message: active ? accountActiveMessage : accountInactiveMessage };
}

export function organisationStatus(organisation: OrganisationLike): ActivityStatus {
  const active = organisation?.isActive === true;
  return { active, message: active ? organisationActiveMessage : organisationInactiveMessage };
}

/** True when firstName or lastName is missing or blank after trimming (so also when there is no account). */
export function needsNameSetup(account: AccountLike): boolean {
  return present(account?.firstName) === undefined || present(account?.lastName) === undefined;
}
