import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../testing/render-route';

describe('PublicLayout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([2031, 2047])('shows the copyright line for the current year (%i)', async (year) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${year}-06-15T12:00:00Z`));
    renderRoute('/login');
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(`© ${year} Questboard. All rights reserved.`);
  });

  it('offers the theme switch on the sign-in page', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('group', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
  });
});
