import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkAnswer, noAnswerSchema } from './api-answer';

describe('checkAnswer', () => {
  const schema = z.object({ name: z.string(), count: z.number().int() });

  it('answers the parsed value when the shape matches', () => {
    expect(checkAnswer(schema, { name: 'Acme', count: 2, extra: true })).toEqual({ ok: true, answer: { name: 'Acme', count: 2 } });
  });

  it('says which fields differ when it does not', () => {
    const check = checkAnswer(schema, { name: 3 });
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.issues).toContain('name');
      expect(check.issues).toContain('count');
    }
  });

  it('takes an empty body (204) as no answer, and refuses a body where none was declared', () => {
    expect(checkAnswer(noAnswerSchema, undefined)).toEqual({ ok: true, answer: undefined });
    expect(checkAnswer(noAnswerSchema, { surprise: 1 }).ok).toBe(false);
  });
});
