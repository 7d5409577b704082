import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { funnelMessages } from '@questboard/shared/analytics-funnels';

import { StepBuilder } from './step-builder';

const events = [
  { name: 'tutorial_step', propertyKeys: ['step', 'step_name'] },
  { name: 'tutorial_complete', propertyKeys: ['duration_s'] },
];

describe('the step builder', () => {
  it('builds a funnel with the keyboard alone: labelled fields, a filter, a new step, order', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(
      <StepBuilder steps={[{ event: 'install' }, { event: 'tutorial_complete' }]} events={events} onApply={onApply} />,
    );

    const first = screen.getByRole('combobox', { name: 'Step 1 event' });
    await user.click(first);
    await user.clear(first);
    await user.keyboard('tutorial_step');
    // Tab order: step 1's event, "Move step 1 down" (up and remove are disabled for the first of two), then "Add a filter to step 1".
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move step 1 down' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove step 1' })).toBeDisabled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a filter to step 1' }));
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('combobox', { name: 'Step 1 filter 1 property' }), 'step');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Step 1 filter 1 operator' }), 'gte');
    await user.type(screen.getByRole('textbox', { name: 'Step 1 filter 1 value' }), '2');

    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    await user.type(screen.getByRole('combobox', { name: 'Step 3 event' }), 'level_start');
    await user.click(screen.getByRole('button', { name: 'Move step 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Show funnel' }));

    expect(onApply).toHaveBeenCalledWith([
      { event: 'tutorial_step', filters: [{ property: 'step', operator: 'gte', value: 2 }] },
      { event: 'level_start', filters: [] },
      { event: 'tutorial_complete', filters: [] },
    ]);
  });

  it('says what is wrong, in the shared words, and applies nothing', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(
      <StepBuilder
        steps={[{ event: 'a', filters: [{ property: 'level', operator: 'gt', value: 1 }] }, { event: 'b' }]}
        events={events}
        onApply={onApply}
      />,
    );
    const value = screen.getByRole('textbox', { name: 'Step 1 filter 1 value' });
    await user.clear(value);
    await user.type(value, 'many');
    await user.click(screen.getByRole('button', { name: 'Show funnel' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Step 1: A comparison needs a number');

    await user.clear(screen.getByRole('combobox', { name: 'Step 2 event' }));
    await user.clear(value);
    await user.type(value, '3');
    await user.click(screen.getByRole('button', { name: 'Show funnel' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Step 2: Each step needs an event name');
    expect(onApply).not.toHaveBeenCalled();
    expect(funnelMessages.stepCount).toBe('A funnel has 2 to 10 steps');
  });
});
