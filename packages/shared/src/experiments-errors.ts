// The experiments API's refusals (ADR 029, docs/product/experiments.md#lifecycle): stable codes and
// the plain sentences the server sends, declared once so the page can match on codes.
import { EXPERIMENTS_OPEN_MAX } from './experiments-api';

export const experimentErrorCodes = {
  exists: 'EXPERIMENT_EXISTS',
  notFound: 'EXPERIMENT_NOT_FOUND',
  /** A change the experiment's status does not allow (editing a running one, stopping a draft, …). */
  status: 'EXPERIMENT_STATUS',
  limit: 'EXPERIMENT_LIMIT',
  /** Start refused: a key, a value, a conflict with another running experiment, a full layer. */
  cannotStart: 'EXPERIMENT_CANNOT_START',
  invalid: 'EXPERIMENT_INVALID',
  nothingPublished: 'EXPERIMENT_NOTHING_PUBLISHED',
} as const;

const list = (items: readonly string[]) => items.map((item) => `"${item}"`).join(', ');

export const experimentMessages = {
  exists: (key: string) => `An experiment with the key "${key}" already exists in this project.`,
  notFound: (key: string) => `No experiment with the key "${key}" in this project.`,
  tooMany: `A project has at most ${EXPERIMENTS_OPEN_MAX} draft and running experiments. Stop or delete one first.`,
  keyFixed: (key: string) => `The key cannot change: the experiment is "${key}".`,
  onlyDraftsChange: (key: string, status: string) => `The experiment "${key}" is ${status}: only a draft can be changed.`,
  onlyDraftsDeleted: (key: string, status: string) => `The experiment "${key}" is ${status}: only a draft can be deleted.`,
  onlyDraftsStart: (key: string, status: string) => `The experiment "${key}" is ${status}: only a draft can be started.`,
  onlyRunningStop: (key: string, status: string) => `The experiment "${key}" is ${status}: only a running experiment can be stopped.`,
  draftNotShipped: (key: string) => `The experiment "${key}" has not started: start it, read its results, then ship a variant.`,
  alreadyShipped: (key: string, variant: string) => `The experiment "${key}" already shipped the variant "${variant}".`,
  variantKeysRepeat: 'Two variants have the same key: each variant needs its own.',
  noWeight: 'At least one variant needs a weight above 0.',
  audienceDecimals: 'The audience share has at most two decimals.',
  unknownVariant: (key: string, variant: string) => `The experiment "${key}" has no variant "${variant}".`,
  overrideTwice: (variant: string, key: string) => `The variant "${variant}" overrides "${key}" twice.`,
  nothingPublished: 'Nothing is published yet: publish the live config first.',
  noOverrides: 'No variant overrides a config key: the variants would all get the same values.',
  unknownKey: (variant: string, key: string) => `The variant "${variant}" overrides "${key}", which the published config does not have.`,
  badValue: (variant: string, key: string, problem: string) => `The variant "${variant}" gives "${key}" a value it cannot take: ${problem}.`,
  keyConflict: (keys: readonly string[], other: string) =>
    `The running experiment "${other}" already overrides ${list(keys)}: stop it, or run both in the same layer.`,
  layerFull: (layer: string, freePercentage: number) => `The layer ${layer} has only ${freePercentage}% of players free.`,
  shipNote: (key: string, variant: string) => `Shipped experiment ${key}: variant ${variant}`,
};
