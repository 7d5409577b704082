// docs/product/live-ops.md#definitions: the live-ops words, as data, so the help page, the live-ops page
// and the documentation say the same thing. live-definitions.test.ts pins them to that page.

export interface LiveDefinition {
  /** Stable key for code. */
  key: string;
  name: string;
  definition: string;
}

export const liveDefinitions = [
  {
    key: 'remote-config',
    name: 'Remote config',
    definition:
      'Values the game reads while it runs, changed without shipping a build. Each config key has a name (letters, digits, _, . and -), a type (string, number, boolean or JSON, at most 16 KB), a default value and a description.',
  },
  {
    key: 'publishing',
    name: 'Publishing',
    definition:
      'Edits are drafts until they are published. Publishing checks the whole config and freezes it as a new numbered version; players only ever get a published version. Rolling back publishes an earlier version again, as a new one.',
  },
  {
    key: 'rules',
    name: 'Rules',
    definition:
      "A key's rules are tried in order: the first whose conditions all match the player, and whose rollout takes the player, gives the value. When none does, the player gets the default.",
  },
  {
    key: 'conditions',
    name: 'Conditions',
    definition:
      'A rule or a live event can ask for a platform or a country (one of a list), an app version (a range like >=1.2.0 <2.0.0), a player property the game sends (eq, ne, gt, gte, lt, lte, in, contains) or an install date (a window of UTC days). A condition on something the game did not send never matches.',
  },
  {
    key: 'rollout',
    name: 'Percentage rollout',
    definition:
      "A rule can take only a share of the players it matches. Each player has a fixed bucket from 0 to 9999, computed from the player id and the rule's own salt, and is in when the bucket is below the percentage × 100. Raising the percentage only adds players: nobody already in drops out.",
  },
  {
    key: 'live-events',
    name: 'Live events',
    definition:
      'A named set of overrides with a start and an end in UTC, for everyone or for the players its conditions match. It is live from its start (included) to its end (excluded), and while live its overrides come before the rules. When two live events override one key, the one that started later wins.',
  },
  {
    key: 'version-ranges',
    name: 'App version ranges',
    definition:
      'Comparators separated by spaces must all hold (>=1.2.0 <2.0.0), || separates alternatives, 1.2.0 - 1.4.x is a range with both ends included, and x or a missing part stands for any number. Pre-releases (2.0.0-beta.1) come before their release, as semver.org orders them.',
  },
  {
    key: 'sdk',
    name: 'Remote config in the SDK',
    definition:
      "The SDK fetches its player's values at start and every 5 minutes, keeps the last answer so that a game offline at start still gets them, and answers the game's fallback while it has nothing.",
  },
] as const satisfies readonly LiveDefinition[];

export type LiveDefinitionKey = (typeof liveDefinitions)[number]['key'];

export function liveDefinition(key: LiveDefinitionKey): LiveDefinition {
  const found = liveDefinitions.find((definition) => definition.key === key);
  if (!found) throw new Error(`no live-ops definition ${key}`);
  return found;
}
