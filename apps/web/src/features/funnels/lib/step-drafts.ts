// The step builder's drafts: what the person is typing, as text, and the steps they stand for.
import {
  FUNNEL_MAX_FILTERS,
  FUNNEL_MAX_STEPS,
  funnelStepsSchema,
  numberOperators,
  type FunnelFilter,
  type FunnelOperator,
  type FunnelStepInput,
} from '@questboard/shared/analytics-funnels';

export interface FilterDraft {
  property: string;
  operator: FunnelOperator;
  /** One value; "is one of" lists them separated by commas. */
  value: string;
}

export interface StepDraft {
  event: string;
  filters: FilterDraft[];
}

const isNumberOperator = (operator: FunnelOperator) => (numberOperators as readonly string[]).includes(operator);

export function filterDraft(filter: FunnelFilter): FilterDraft {
  return {
    property: filter.property,
    operator: filter.operator,
    value: filter.operator === 'in' ? filter.values.join(', ') : String(filter.value),
  };
}

export function stepDrafts(steps: readonly FunnelStepInput[]): StepDraft[] {
  return steps.map((step) => ({ event: step.event, filters: (step.filters ?? []).map(filterDraft) }));
}

function draftFilter(draft: FilterDraft): unknown {
  const property = draft.property.trim();
  if (draft.operator === 'in') {
    return {
      property,
      operator: 'in',
      values: draft.value
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== ''),
    };
  }
  if (isNumberOperator(draft.operator)) {
    const number = draft.value.trim() === '' ? Number.NaN : Number(draft.value);
    return { property, operator: draft.operator, value: Number.isFinite(number) ? number : draft.value };
  }
  return { property, operator: draft.operator, value: draft.value };
}

/** The steps the drafts stand for, or the first problem as the shared schema words it. */
export function draftSteps(drafts: readonly StepDraft[]): { steps: FunnelStepInput[] } | { problem: string } {
  const parsed = funnelStepsSchema.safeParse(
    drafts.map((draft) => ({ event: draft.event.trim(), filters: draft.filters.map(draftFilter) })),
  );
  if (parsed.success) return { steps: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path[0];
  return {
    problem:
      typeof where === 'number' ? `Step ${where + 1}: ${issue?.message ?? ''}` : (issue?.message ?? 'Check the steps'),
  };
}

export const canAddStep = (drafts: readonly StepDraft[]) => drafts.length < FUNNEL_MAX_STEPS;
export const canAddFilter = (draft: StepDraft) => draft.filters.length < FUNNEL_MAX_FILTERS;

/** The drafts with one moved up (-1) or down (+1). */
export function moveStep(drafts: readonly StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const target = index + by;
  const moving = drafts[index];
  const other = drafts[target];
  if (!moving || !other) return [...drafts];
  return drafts.map((draft, at) => (at === index ? other : at === target ? moving : draft));
}
