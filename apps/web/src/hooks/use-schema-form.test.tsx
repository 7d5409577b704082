import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { personNameSchema } from '@questboard/shared/validation';

import { TextField } from '../components/ui/text-field';
import { useSchemaForm } from './use-schema-form';

function NameForm({ onValid }: { onValid: (value: unknown) => void }) {
  const form = useSchemaForm(personNameSchema, { firstName: '', lastName: '' });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = form.submit();
        if (value) onValid(value);
      }}
    >
      <TextField {...form.field('firstName')} label="First name" />
      <TextField {...form.field('lastName')} label="Last name" />
      <button type="submit">Continue</button>
      <button type="button">Elsewhere</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it('shows the message when tabbing from a field onto the submit button', async () => {
    render(<NameForm onValid={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'A');
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('First name must be at least 2 characters');
  });

  it('shows a message when a field is left for anywhere but the submit button', async () => {
    render(<NameForm onValid={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('First name must be at least 2 characters');
  });

  it('does not move the submit button under the pointer: leaving for it shows nothing until the submit shows everything', async () => {
    const user = userEvent.setup();
    render(<NameForm onValid={() => undefined} />);
    const first = screen.getByRole('textbox', { name: 'First name' });
    await user.type(first, 'A');
    const submit = screen.getByRole('button', { name: 'Continue' });
    // Pressed, not yet released: focus has moved to the button, the layout must not change.
    await user.pointer({ keys: '[MouseLeft>]', target: submit });
    expect(submit).toHaveFocus();
    expect(first).not.toHaveAccessibleDescription('First name must be at least 2 characters');
    await user.pointer({ keys: '[/MouseLeft]', target: submit });
    expect(first).toHaveAccessibleDescription('First name must be at least 2 characters');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription('Both first name and last name are required');
  });
});
