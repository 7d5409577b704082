// docs/product/rules-and-messages.md#validation: one set of rules and messages for the web forms and the server routes.
//
// Every schema is a plain z.string / z.object whose input and output are strings, so it works with
// react-hook-form's zod resolver and converts to JSON Schema for Fastify. Text is trimmed first and the
// trimmed value is both what is checked and what comes out. Each check aborts on failure, so a field
// reports exactly one message: the first failing rule in the spec's order (required, too short, too
// long, invalid characters). Lengths are String.length (UTF-16 code units), as the browser's
// `maxlength` counts.
import { z } from 'zod';
import { EMAIL_REQUIRED_MESSAGE } from './auth-messages';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, NAME_MAX, NAME_MIN, TITLE_MAX, TITLE_MIN } from './limits';

// Whitespace means Unicode space separators (\p{Zs}: space, no-break space, ideographic space…), not
// tabs, newlines or other control characters. Hyphens: - ‐ ‑. Apostrophes: ' and ’ (macOS and iOS
// type the curly one). \p{M} admits combining marks, so a decomposed 'José' is accepted.
const PERSON_NAME_PATTERN = /^[\p{L}\p{M}\p{Zs}\-\u2010\u2011'\u2019]+$/u;
// Letters and digits are Unicode (\p{L}, \p{N}), so 'Café Nº 1' or an Arabic studio name pass. The
// same hyphens and apostrophes as names, plus _ & . , ( ).
const TITLE_PATTERN = /^[\p{L}\p{M}\p{N}\p{Zs}\-\u2010\u2011'\u2019_&.,()]+$/u;

// Everything but C0 control characters (tab, line feed and carriage return are fine) and DEL.
// eslint-disable-next-line no-control-regex
const DESCRIPTION_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

const bothNamesRequired = 'Both first name and last name are required';

/**
 * A trimmed, required string. A missing or null value gets the `required` message too; any other
 * non-string keeps zod's type message.
 */
function requiredText(required: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : undefined) })
    .trim()
    .min(1, { error: required, abort: true });
}

// 'Both first name and last name are required' is attached to each field that is missing or blank, so
// the form shows it under that field and the server's issue path names it.
function personNameField(label: 'First name' | 'Last name') {
  return requiredText(bothNamesRequired)
    .min(NAME_MIN, { error: `${label} must be at least ${NAME_MIN} characters`, abort: true })
    .max(NAME_MAX, { error: `${label} must be less than ${NAME_MAX} characters`, abort: true })
    .regex(PERSON_NAME_PATTERN, { error: `${label} contains invalid characters`, abort: true });
}

export const personNameSchema = z.object({
  firstName: personNameField('First name'),
  lastName: personNameField('Last name'),
});
export type PersonName = z.infer<typeof personNameSchema>;

function titleSchema(label: 'Organisation' | 'Project') {
  return requiredText(`${label} name is required`)
    .min(TITLE_MIN, { error: `${label} name must be at least ${TITLE_MIN} characters`, abort: true })
    .max(TITLE_MAX, { error: `${label} name must be less than ${TITLE_MAX} characters`, abort: true })
    .regex(TITLE_PATTERN, { error: `${label} name contains invalid characters`, abort: true });
}

export const organisationNameSchema = titleSchema('Organisation');
export const projectNameSchema = titleSchema('Project');

export const projectDescriptionSchema = requiredText('Project description is required')
  .min(DESCRIPTION_MIN, {
    // The issue's input is the trimmed text, so N is the length that was checked.
    error: (issue) =>
      `Project description must be at least ${DESCRIPTION_MIN} characters (currently ${typeof issue.input === 'string' ? issue.input.length : 0})`,
    abort: true,
  })
  .max(DESCRIPTION_MAX, { error: `Project description must be less than ${DESCRIPTION_MAX} characters`, abort: true })
  // Not in the spec: any text is fine except control characters other than tab and line breaks
  // (PostgreSQL cannot store U+0000 at all, and the rest only hide text; docs/product/security-cases.md case 25).
  .regex(DESCRIPTION_PATTERN, { error: 'Project description contains invalid characters', abort: true })
  .refine(isDatabaseText, { error: databaseTextMessage('Project description') });

/** No format check: the identity provider decides what a usable address is. */
export const loginEmailSchema = requiredText(EMAIL_REQUIRED_MESSAGE);
/** The address typed on the callback screen when the link is opened in another browser. */
export const callbackEmailSchema = requiredText(EMAIL_REQUIRED_MESSAGE);
