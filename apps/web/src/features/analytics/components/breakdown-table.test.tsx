import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { BreakdownTable } from './breakdown-table';

const row = (value: string, users: number) => ({ value, users, newUsers: 0, events: users * 10 });
const why = /The shares add up to more than 100%: a player counts under each app version of their events in the range/u;

describe('BreakdownTable', () => {
  it('says why the shares add up to more than 100% when players count under several versions', () => {
    // 10 active players, 4 of whom updated from 1.1.0 to 1.2.0 during the range.
    render(<BreakdownTable title="App version" rows={[row('1.2.0', 8), row('1.1.0', 6)]} activeUsers={10} />);
    expect(screen.getByRole('region', { name: 'Players by app version table' })).toHaveTextContent('80%');
    expect(screen.getByText(why)).toBeInTheDocument();
  });

  it('says nothing more when the shares add up to 100% or less', () => {
    render(<BreakdownTable title="App version" rows={[row('1.2.0', 6), row('1.1.0', 4)]} activeUsers={10} />);
    expect(screen.queryByText(why)).not.toBeInTheDocument();
  });
});
