// A rule's or a live event's condition as the editor's fields hold it (all text), and back. The
// shared schema (live-condition.ts) checks what the fields make, with its messages.
import type { LiveCondition, LiveConditionKind, LivePropertyOperator } from '@questboard/shared/live-condition';

export interface ConditionFields {
  kind: LiveConditionKind;
  /** Platforms or countries, comma-separated. */
  list: string;
  /** The app version range, like >=1.2.0 <2.0.0. */
  range: string;
  /** The player property's name, operator and value (a list comma-separated for `in`). */
  property: string;
  operator: LivePropertyOperator;
  value: string;
  /** Install dates, YYYY-MM-DD, either may be empty. */
  from: string;
  to: string;
}

export const conditionKindLabels: Record<LiveConditionKind, string> = {
  platform: 'Platform',
  country: 'Country',
  app_version: 'App version',
  property: 'Player property',
  install_date: 'Install date',
};

export const operatorLabels: Record<LivePropertyOperator, string> = {
  eq: 'equals',
  ne: 'does not equal',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  in: 'is one of',
  contains: 'contains',
};

export function emptyCondition(kind: LiveConditionKind = 'platform'): ConditionFields {
  return { kind, list: '', range: '', property: '', operator: 'eq', value: '', from: '', to: '' };
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** true, false and numbers as typed are those; anything else is text. */
export function parseScalar(text: string): string | number | boolean {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return text;
}

/** What the fields make, unchecked: the shared schema says what is wrong with it. */
export function conditionFromFields(fields: ConditionFields): unknown {
  switch (fields.kind) {
    case 'platform':
    case 'country':
      return { kind: fields.kind, values: splitList(fields.list) };
    case 'app_version':
      return { kind: fields.kind, range: fields.range };
    case 'property': {
      const value =
        fields.operator === 'in' ? splitList(fields.value).map(parseScalar) : fields.operator === 'contains' ? fields.value : parseScalar(fields.value);
      return { kind: fields.kind, name: fields.property, operator: fields.operator, value };
    }
    case 'install_date':
      return { kind: fields.kind, from: fields.from === '' ? null : fields.from, to: fields.to === '' ? null : fields.to };
  }
}

export function fieldsFromCondition(condition: LiveCondition): ConditionFields {
  const fields = emptyCondition(condition.kind);
  switch (condition.kind) {
    case 'platform':
    case 'country':
      return { ...fields, list: condition.values.join(', ') };
    case 'app_version':
      return { ...fields, range: condition.range };
    case 'property':
      return {
        ...fields,
        property: condition.name,
        operator: condition.operator,
        value: Array.isArray(condition.value) ? condition.value.map(String).join(', ') : String(condition.value),
      };
    case 'install_date':
      return { ...fields, from: condition.from ?? '', to: condition.to ?? '' };
  }
}

/** A condition in words, for the keys list and the live events. */
export function describeCondition(condition: LiveCondition): string {
  switch (condition.kind) {
    case 'platform':
      return `platform ${condition.values.join(' or ')}`;
    case 'country':
      return `country ${condition.values.join(' or ')}`;
    case 'app_version':
      return `version ${condition.range}`;
    case 'property': {
      const value = Array.isArray(condition.value) ? condition.value.map(String).join(', ') : JSON.stringify(condition.value);
      return `${condition.name} ${operatorLabels[condition.operator]} ${value}`;
    }
    case 'install_date':
      if (condition.from && condition.to) return `installed ${condition.from} to ${condition.to}`;
      return condition.from ? `installed from ${condition.from}` : `installed until ${condition.to ?? ''}`;
  }
}
