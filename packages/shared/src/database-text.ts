import { z } from 'zod';

import { databaseTextMessage, isDatabaseText } from './database-text-rule';

// The storable-text rule (database-text-rule.ts) as a schema for the boundaries.
export { databaseTextMessage, isDatabaseText };

/** A string that can be stored in the databases; `label` names the field in the message. */
export function databaseText(label: string) {
  return z.string().refine(isDatabaseText, { error: databaseTextMessage(label), abort: true });
}
