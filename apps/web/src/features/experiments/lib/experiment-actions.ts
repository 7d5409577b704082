// What Start, Stop, Ship and Delete do, in the words their confirmations use (issue 16,
// docs/product/experiments.md#using-the-experiments-page). Who may press them is the live config's
// rule (lib/live-config/permissions.ts): shipping publishes config.
import type { Experiment } from '@questboard/shared/experiments-api';

export type ExperimentAction =
  | { kind: 'start' }
  | { kind: 'stop' }
  | { kind: 'delete' }
  | { kind: 'ship'; variant: string };

export interface ActionWords {
  title: string;
  description: string;
  confirmLabel: string;
  /** The toast once it is done. */
  done: string;
  destructive: boolean;
}

type Variant = Experiment['variants'][number];

export const variantLabel = (variant: Pick<Variant, 'name' | 'key'>) => (variant.name.trim() === '' ? variant.key : variant.name);

const quoteList = (items: readonly string[]) => {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
};

/** The variants a person may ship: those that change something, once nothing was shipped. */
export function shippableVariants(experiment: Pick<Experiment, 'status' | 'variants' | 'shippedVariant'>): Variant[] {
  if (experiment.status === 'draft' || experiment.shippedVariant !== null) return [];
  return experiment.variants.filter((variant) => variant.overrides.length > 0);
}

/** The actions an experiment's status allows, in the order the page shows them. */
export function actionsFor(experiment: Pick<Experiment, 'status' | 'variants' | 'shippedVariant'>): ExperimentAction[] {
  const ships = shippableVariants(experiment).map((variant): ExperimentAction => ({ kind: 'ship', variant: variant.key }));
  if (experiment.status === 'draft') return [{ kind: 'start' }, { kind: 'delete' }];
  if (experiment.status === 'running') return [...ships, { kind: 'stop' }];
  return ships;
}

/** `sampleRatioMismatch`: the latest results failed the split check, which a ship's confirmation repeats. */
export function actionWords(experiment: Pick<Experiment, 'key' | 'status' | 'variants'>, action: ExperimentAction, sampleRatioMismatch = false): ActionWords {
  const key = experiment.key;
  switch (action.kind) {
    case 'start':
      return {
        title: `Start ${key}?`,
        description:
          'Players who match its targeting get their variant the next time the game reads its config, and count from their first exposure. Its variants, weights and metrics can no longer change.',
        confirmLabel: 'Start experiment',
        done: `Experiment ${key} started`,
        destructive: false,
      };
    case 'stop':
      return {
        title: `Stop ${key}?`,
        description: 'Every player gets the default config again at their next read. The results stay readable, the experiment cannot start again, and a variant can still be shipped.',
        confirmLabel: 'Stop experiment',
        done: `Experiment ${key} stopped`,
        destructive: true,
      };
    case 'delete':
      return {
        title: `Delete ${key}?`,
        description: 'The draft is deleted for good. Nobody has seen it: it never started.',
        confirmLabel: 'Delete draft',
        done: `Draft ${key} deleted`,
        destructive: true,
      };
    case 'ship': {
      const variant = experiment.variants.find((candidate) => candidate.key === action.variant);
      const name = variant ? variantLabel(variant) : action.variant;
      const keys = quoteList((variant?.overrides ?? []).map((override) => override.key));
      const stops = experiment.status === 'running' ? '; the experiment stops' : '';
      const warning = sampleRatioMismatch ? ' Careful: the players did not split as the weights say (sample ratio mismatch), so its results cannot be trusted.' : '';
      return {
        title: `Ship ${name}?`,
        description: `Ship ${name}: its values become the defaults of ${keys} for every player${stops}. A new live config version is published, which can be rolled back on the live-ops page.${warning}`,
        confirmLabel: `Ship ${name}`,
        done: `${name} shipped: the live config has its values`,
        destructive: false,
      };
    }
  }
}

/** A button's accessible name: "Ship variant easy", "Start experiment". */
export function actionLabel(experiment: Pick<Experiment, 'variants'>, action: ExperimentAction): string {
  if (action.kind !== 'ship') return { start: 'Start experiment', stop: 'Stop experiment', delete: 'Delete draft' }[action.kind];
  const variant = experiment.variants.find((candidate) => candidate.key === action.variant);
  return `Ship variant ${variant ? variantLabel(variant) : action.variant}`;
}
