import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { samplePlayer } from '../testing/analytics-sample-answers';
import { analyticsTestServer } from '../testing/analytics-test-server';
import { renderAnalyticsPage, searchOf } from '../testing/render-analytics-page';
import { Component as PlayerInsightsRoute } from './player-insights';
import { skippedHeadingLevels } from '../../../testing/heading-order';

const t = analyticsTestServer();

const renderPlayers = (search = '') => renderAnalyticsPage(PlayerInsightsRoute, { page: 'player-insights', search });
const valueOf = (name: string) => within(screen.getByRole('group', { name })).getByTestId('metric-value').textContent;
const cells = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);

describe('/project/{identifier}/player-insights', () => {
  it('shows active, new and returning players, stickiness, the charts and the breakdowns with shares', async () => {
    t.serve();
    renderPlayers('?range=last-7');
    expect(screen.getByRole('status', { name: 'Loading player insights...' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Active users' });
    // The cards' h3 titles sit under an h2 after the page's h1 (axe heading-order, issue 21).
    expect(skippedHeadingLevels()).toEqual([]);
    expect(['Active users', 'New users', 'Returning users', 'Average DAU', 'Stickiness'].map(valueOf)).toEqual(['1,200', '420', '780', '150', '25%']);

    expect(screen.getByRole('img', { name: /^DAU, WAU and MAU, / })).toBeInTheDocument();
    const activity = within(screen.getByRole('table', { name: /^DAU, WAU and MAU, / })).getAllByRole('row');
    expect(activity).toHaveLength(8);
    expect(cells(activity[1]!).slice(1)).toEqual(['100', '400', '1,000']);
    const newReturning = within(screen.getByRole('table', { name: /^New and returning players, / })).getAllByRole('row');
    expect(cells(newReturning[2]!).slice(1)).toEqual(['20', '90']);
    expect(screen.getByRole('img', { name: /^Stickiness, / })).toBeInTheDocument();

    const platforms = within(screen.getByRole('region', { name: 'Players by platform table' })).getAllByRole('row');
    expect(platforms.map(cells)).toEqual([
      ['Platform', 'Users', 'Share of users', 'New users', 'Events'],
      ['ios', '600', '50%', '200', '9,000'],
      ['android', '400', '33.3%', '150', '6,000'],
      ['Not set', '200', '16.7%', '100', '3,000'],
    ]);
    expect(screen.getByRole('region', { name: 'Players by country table' })).toHaveTextContent('DE');
    expect(screen.getByRole('region', { name: 'Players by app version table' })).toHaveTextContent('1.2.0');
  });

  it('asks again with a filter from the toolbar and shows the filtered figures', async () => {
    const user = userEvent.setup();
    t.serve();
    const { router } = renderPlayers();
    await screen.findByRole('group', { name: 'Active users' });
    await user.click(screen.getByRole('button', { name: 'Country' }));
    await user.click(await screen.findByRole('checkbox', { name: 'DE' }));
    await user.click(screen.getByRole('checkbox', { name: 'US' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ country: 'DE,US' }));
    await waitFor(() => expect(valueOf('Active users')).toBe('600'));
    expect(t.api.lastQuery('players')).toMatchObject({ country: 'DE,US', granularity: 'day' });
  });

  it('says when nobody played in the range', async () => {
    t.serve({ empty: true });
    renderPlayers();
    expect(await screen.findByRole('heading', { name: 'No players in this range' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send events or load demo data' })).toHaveAttribute('href', '/project/dragon-quest-mobile/developer');
  });

  it('looks up a player by user id, keeps the id in the URL, and says when nobody has it', async () => {
    const user = userEvent.setup();
    t.serve();
    const { router } = renderPlayers('?range=last-7');
    const form = screen.getByRole('form', { name: 'Look up a player' });
    const field = within(form).getByRole('textbox', { name: 'User id' });
    await user.click(within(form).getByRole('button', { name: 'Look up' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter a user id');
    expect(field).toHaveAccessibleDescription('Enter a user id');

    await user.type(field, 'ada');
    await user.click(within(form).getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ range: 'last-7', player: 'ada' }));
    const profile = await screen.findByRole('region', { name: 'Player ada' });
    expect(within(profile).getByText('Revenue').nextElementSibling).toHaveTextContent('EUR 4.99');
    expect(within(profile).getByText('Sessions', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
    expect(within(profile).getByText('Platform').nextElementSibling).toHaveTextContent('ios');
    const sessions = within(within(profile).getByRole('region', { name: 'Latest sessions table' })).getAllByRole('row');
    expect(cells(sessions[1]!)).toEqual(['Mar 10, 2026, 11:50:00 UTC', '10m 00s', '2']);
    const eventList = within(profile).getByRole('list', { name: 'Latest events' });
    // It scrolls, so it takes keyboard focus (axe scrollable-region-focusable, issue 21).
    expect(eventList).toHaveAttribute('tabindex', '0');
    const events = within(eventList).getAllByRole('listitem');
    expect(events.map((item) => item.textContent)).toEqual([
      'Mar 10, 2026, 12:00:00 UTCpurchaseEUR 4.99 · gem_pack_small · store=app_store',
      'Mar 10, 2026, 11:50:00 UTClevel_completelevel=3, score=1200',
      'Mar 7, 2026, 12:00:00 UTCsession_start',
    ]);

    await user.clear(field);
    await user.type(field, 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(/^No player with this user id has sent events/u)).toHaveTextContent('No player with this user id has sent events: nobody');
    expect(searchOf(router)).toEqual({ range: 'last-7', player: 'nobody' });
    expect(screen.queryByRole('region', { name: 'Player ada' })).not.toBeInTheDocument();
  });

  it('says a player without purchases has no revenue, rather than an amount without a currency', async () => {
    t.serve();
    const free = samplePlayer('bob');
    t.api.addPlayer({ ...free, revenue: 0, purchases: 0, recentEvents: free.recentEvents.slice(1) });
    renderPlayers('?player=bob');
    const profile = await screen.findByRole('region', { name: 'Player bob' });
    expect(within(profile).getByText('Purchases').nextElementSibling).toHaveTextContent('0');
    expect(within(profile).getByText('Revenue').nextElementSibling).toHaveTextContent(/^None$/u);
  });

  it("shows a player's revenue in the reporting currency and the purchases left out", async () => {
    t.serve();
    const player = samplePlayer('cy');
    t.api.addPlayer({ ...player, currency: 'USD', revenue: 5.4, excludedPurchases: [{ currency: 'JPY', purchases: 2, amount: 1500 }] });
    renderPlayers('?player=cy');
    const profile = await screen.findByRole('region', { name: 'Player cy' });
    expect(within(profile).getByText('Revenue').nextElementSibling).toHaveTextContent(/^USD 5\.40$/u);
    expect(within(profile).getByRole('note', { name: 'Purchases not counted' })).toHaveTextContent('2 purchases in JPY are not counted: add a rate');
  });

  it('opens a shared link with the player already looked up', async () => {
    t.serve();
    renderPlayers('?player=ada');
    expect(await screen.findByRole('region', { name: 'Player ada' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'User id' })).toHaveValue('ada');
    expect(t.api.queries('players/ada')).toEqual([{}]);
  });
});
