import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoredEvent } from '@questboard/shared/events';
import { describe, expect, it } from 'vitest';

import { aStoredEvent } from '../../../testing/stored-event';
import { analyticsTestServer } from '../testing/analytics-test-server';
import { renderAnalyticsPage, searchOf } from '../testing/render-analytics-page';
import { Component as EventsRoute } from './events';

const t = analyticsTestServer();

const renderEvents = (search = '') => renderAnalyticsPage(EventsRoute, { page: 'events', search });
const names = () =>
  within(screen.getByRole('region', { name: 'Event names table' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.children[0]?.textContent);

const stored = (name: string, at: string, extra: Partial<StoredEvent> = {}): StoredEvent =>
  aStoredEvent({ insert_id: `${name}-${at}`, name, user_id: 'ada', timestamp: at, received_at: at, app_version: '1.2.0', ...extra });

describe('/project/{identifier}/events', () => {
  it('lists every event name with its figures and property keys, sortable by each column', async () => {
    const user = userEvent.setup();
    t.serve();
    renderEvents();
    expect(screen.getByRole('status', { name: 'Loading events...' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Event names table' });
    expect(screen.queryByRole('radio', { name: 'Week' })).not.toBeInTheDocument();
    expect(names()).toEqual(['level_complete', 'session_start', 'purchase']);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`, 'u') });
    expect(header('Count')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Event')).toHaveAttribute('aria-sort', 'none');
    const first = within(screen.getByRole('region', { name: 'Event names table' })).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('9,000');
    expect(first).toHaveTextContent('700');
    expect(within(first).getByText('score')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'level_complete' })).toHaveAttribute('href', '/project/dragon-quest-mobile/analytics?event=level_complete');

    await user.click(within(header('Event')).getByRole('button'));
    expect(header('Event')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Count')).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['level_complete', 'purchase', 'session_start']);
    await user.click(within(header('Event')).getByRole('button'));
    expect(names()).toEqual(['session_start', 'purchase', 'level_complete']);
    await user.click(within(header('Users')).getByRole('button'));
    expect(names()).toEqual(['session_start', 'level_complete', 'purchase']);
    await user.click(within(header('Last seen')).getByRole('button'));
    expect(names()).toEqual(['level_complete', 'session_start', 'purchase']);
  });

  it('searches names and property keys', async () => {
    const user = userEvent.setup();
    t.serve();
    renderEvents();
    const search = await screen.findByRole('searchbox', { name: 'Search events' });
    await user.type(search, 'STORE');
    expect(names()).toEqual(['purchase']);
    expect(screen.getByText('1 of 3 events match')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nothing');
    expect(screen.getByText('No event name or property key contains “nothing”.')).toBeInTheDocument();
  });

  it('asks again for the filtered view and says when the range has no events', async () => {
    const user = userEvent.setup();
    t.serve();
    const { router } = renderEvents('?range=yesterday');
    await screen.findByRole('region', { name: 'Event names table' });
    t.api.answer('events', { events: [] });
    await user.click(screen.getByRole('button', { name: 'Platform' }));
    await user.click(await screen.findByRole('checkbox', { name: 'android' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ range: 'yesterday', platform: 'android' }));
    expect(await screen.findByRole('heading', { name: 'No events in this range' })).toBeInTheDocument();
    expect(screen.getByText(/with these filters/u)).toBeInTheDocument();
    expect(t.api.lastQuery('events')).toMatchObject({ platform: 'android' });
  });

  it('streams the latest events every 3 seconds, marks new ones, and pauses', async () => {
    const user = userEvent.setup();
    t.serve();
    t.api.latest.events.push(stored('session_start', '2026-03-10T12:00:00.000Z'));
    renderEvents();
    const stream = await screen.findByRole('list', { name: 'Latest events' });
    // It scrolls, so it takes keyboard focus (axe scrollable-region-focusable, issue 21).
    expect(stream).toHaveAttribute('tabindex', '0');
    expect(within(stream).getAllByRole('listitem')).toHaveLength(1);
    expect(within(stream).getByRole('listitem')).not.toHaveAttribute('data-new');
    expect(t.api.lastQuery('events/latest')).toEqual({ limit: '50' });

    t.api.latest.events.unshift(stored('purchase', '2026-03-10T12:00:05.000Z', { revenue_amount: 4.99, currency: 'EUR', properties: { store: 'app_store' } }));
    const added = await within(stream).findByText('purchase', {}, { timeout: 5000 });
    const row = added.closest('li')!;
    await waitFor(() => expect(row).toHaveAttribute('data-new', 'true'));
    expect(row).toHaveTextContent('(new)');
    expect(row).toHaveTextContent('ios · EUR 4.99 · store=app_store');

    const pause = screen.getByRole('button', { name: 'Pause' });
    expect(pause).toHaveAttribute('aria-pressed', 'false');
    await user.click(pause);
    expect(screen.getByRole('button', { name: 'Resume' })).toHaveAttribute('aria-pressed', 'true');
    const asked = t.api.queries('events/latest').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 3500)));
    expect(t.api.queries('events/latest')).toHaveLength(asked);
  });
});
