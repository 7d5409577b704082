import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LevelRow } from '@questboard/shared/analytics-levels';

import { LevelTable } from './level-table';

const row = (level: string, players: number, churned: number): LevelRow => ({
  level,
  starts: players * 2,
  completes: players,
  fails: players,
  failRate: 0.5,
  attemptsPerCompletion: 2,
  medianDurationS: 125,
  players,
  churned,
});

const levelsInOrder = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('LevelTable', () => {
  it('sorts by a column from the keyboard, and says which one to screen readers', async () => {
    const user = userEvent.setup();
    render(<LevelTable rows={[row('2', 40, 1), row('10', 5, 4), row('1', 50, 0)]} />);
    expect(levelsInOrder()).toEqual(['1', '2', '10']);
    expect(screen.getByRole('columnheader', { name: /Level/u })).toHaveAttribute('aria-sort', 'ascending');

    // Tab into the table's box, then to the heading buttons.
    await user.tab();
    expect(screen.getByRole('region', { name: 'Levels table' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Level' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(levelsInOrder()).toEqual(['10', '2', '1']);
    expect(screen.getByRole('columnheader', { name: /Level/u })).toHaveAttribute('aria-sort', 'descending');

    for (let index = 0; index < 8; index += 1) await user.tab();
    expect(screen.getByRole('button', { name: 'Churned here' })).toHaveFocus();
    await user.keyboard(' ');
    expect(levelsInOrder()).toEqual(['10', '2', '1']);
    expect(screen.getByRole('columnheader', { name: /Churned here/u })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Level/u })).toHaveAttribute('aria-sort', 'none');
    await user.keyboard('{Enter}');
    expect(levelsInOrder()).toEqual(['1', '2', '10']);
    expect(screen.getByText(/sorted by churned here \(ascending\)/u)).toBeInTheDocument();
  });

  it('labels every column and shows each figure formatted', () => {
    render(<LevelTable rows={[row('1', 1200, 3)]} />);
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headings).toEqual([
      'Level',
      'Reached',
      'Starts',
      'Completes',
      'Fails',
      'Fail rate',
      'Attempts per completion',
      'Median time to complete',
      'Churned here',
    ]);
    const cells = within(screen.getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['1,200', '2,400', '1,200', '1,200', '50%', '2', '2 min 5 s', '3']);
  });
});
