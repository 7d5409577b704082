// The "Preview as player" box: the player the fields describe, checked with the schema games'
// requests are checked with (playerContextSchema), so the preview refuses what delivery refuses.
import { playerContextSchema, type PlayerContext } from '@questboard/shared/live-config';

import { type FieldErrors, errorsByPath } from '../../../lib/field-errors';

export interface PlayerFields {
  userId: string;
  platform: string;
  country: string;
  appVersion: string;
  /** A JSON object, or empty. */
  properties: string;
}

export const emptyPlayerFields: PlayerFields = { userId: '', platform: '', country: '', appVersion: '', properties: '' };

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

export function buildPlayer(fields: PlayerFields): { ok: true; player: PlayerContext } | { ok: false; errors: FieldErrors } {
  const notObject = 'Properties must be a JSON object, like {"level": 12}';
  let properties: unknown;
  let propertiesError: string | undefined;
  if (fields.properties.trim() !== '') {
    try {
      properties = JSON.parse(fields.properties);
    } catch {
      propertiesError = notObject;
    }
    if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) propertiesError = notObject;
  }
  const parsed = playerContextSchema.safeParse({
    userId: fields.userId.trim(),
    platform: optional(fields.platform),
    country: optional(fields.country),
    appVersion: optional(fields.appVersion),
    // Every field's message at once: a broken properties text does not hide the others.
    properties: propertiesError ? undefined : properties,
  });
  const errors = parsed.success ? {} : errorsByPath(parsed.error.issues);
  if (propertiesError) errors.properties = propertiesError;
  if (!parsed.success || propertiesError) return { ok: false, errors };
  return { ok: true, player: parsed.data };
}
