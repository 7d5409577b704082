import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { propertyRequiredMessage } from '@questboard/shared/analytics-explore';
import { DASHBOARD_MAX_CHARTS, chartTitleMessages } from '@questboard/shared/analytics-dashboard';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dismissToasts } from '../../../testing/render-page';
import { exploreCsv } from '../lib/explore-csv';
import { type AnalyticsApi, createAnalyticsApi, dragonQuest } from '../testing/analytics-api-stand-in';
import { renderAnalyticsPage, searchOf } from '../testing/render-analytics-page';
import { Component as AnalyticsPage } from './analytics';

let server: AppApiServer;
let api: AnalyticsApi;

// jsdom has no Blob URLs: the page's download goes through these, and the test reads the Blob back.
const createObjectURL = vi.fn<(blob: Blob) => string>();
beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
});

beforeEach(async () => {
  server = await startAppApiServer();
  api = createAnalyticsApi();
  server.script(api.script);
  createObjectURL.mockReset().mockReturnValue('blob:questboard/export');
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

const RANGE = '?from=2026-03-01&to=2026-03-02';
const renderExplorer = (search = RANGE) => renderAnalyticsPage(AnalyticsPage, { page: 'analytics', search });
const query = () => screen.getByRole('region', { name: 'Query' });
const select = (name: string) => within(query()).getByRole('combobox', { name });
const button = (name: string) => screen.getByRole('button', { name });

describe('explorer: the question in the URL', () => {
  it('asks for the chosen event, measure and breakdown, keeping each in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderExplorer();
    expect(
      await screen.findByRole('table', { name: 'Count of all events, Mar 1 – Mar 2, 2026 (UTC), by day' }),
    ).toBeInTheDocument();
    expect(api.lastQuery('explore')).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      granularity: 'day',
      measure: 'count',
      breakdown: 'none',
    });
    // The event list comes from the catalogue.
    await waitFor(() =>
      expect(
        within(select('Event'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All events', 'level_complete', 'session_start', 'purchase']),
    );

    await user.selectOptions(select('Event'), 'level_complete');
    await user.selectOptions(select('Measure'), 'Unique users');
    await user.selectOptions(select('Breakdown'), 'Platform');
    expect(searchOf(router)).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      event: 'level_complete',
      measure: 'users',
      breakdown: 'platform',
    });
    const table = await screen.findByRole('table', { name: /^Unique users of level_complete by platform, /u });
    expect(within(table).getAllByRole('row')[0]).toHaveTextContent('Dateiosandroid');
    expect(api.lastQuery('explore')).toMatchObject({
      event: 'level_complete',
      measure: 'users',
      breakdown: 'platform',
    });

    // Back to every event: the parameter leaves the URL and the request.
    await user.selectOptions(select('Event'), 'All events');
    expect(searchOf(router)).not.toHaveProperty('event');
    await waitFor(() => expect(api.lastQuery('explore')).not.toHaveProperty('event'));
  });

  it('opens the event of an overview link, and shows it as a table with totals when asked (without asking again)', async () => {
    const user = userEvent.setup();
    const { router } = renderExplorer(`${RANGE}&event=purchase&breakdown=name`);
    const chartTable = await screen.findByRole('table', { name: /^Count of purchase by event name, /u });
    expect(select('Event')).toHaveValue('purchase');
    expect(api.lastQuery('explore')).toMatchObject({ event: 'purchase', breakdown: 'name' });
    expect(
      within(chartTable)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Datelevel_completepurchase', 'Mar 1, 2026109', 'Mar 2, 2026109']);
    const asked = api.queries('explore').length;

    await user.click(within(screen.getByRole('group', { name: 'View as' })).getByRole('radio', { name: 'Table' }));
    expect(searchOf(router)).toMatchObject({ chart: 'table' });
    const table = screen.getByRole('table', { name: /^Count of purchase by event name, /u });
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('Total2018');
    expect(api.queries('explore')).toHaveLength(asked);
  });

  it('requires a numeric property for a sum, with the shared message, before asking', async () => {
    const user = userEvent.setup();
    const { router } = renderExplorer(`${RANGE}&event=level_complete`);
    await screen.findByRole('table', { name: /^Count of level_complete, /u });
    await waitFor(() => expect(within(select('Event')).getAllByRole('option')).toHaveLength(4));
    const asked = api.queries('explore').length;

    await user.selectOptions(select('Measure'), 'Sum of');
    const property = select('Numeric property');
    expect(property).toHaveAccessibleDescription(propertyRequiredMessage);
    expect(property).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(property)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a property', 'revenue_amount', 'duration', 'level', 'score']);
    expect(button('Pin to dashboard')).toBeDisabled();
    expect(button('Export CSV')).toBeDisabled();
    expect(api.queries('explore')).toHaveLength(asked);

    await user.selectOptions(property, 'score');
    expect(searchOf(router)).toMatchObject({ measure: 'sum', property: 'score' });
    expect(await screen.findByRole('table', { name: /^Sum of score of level_complete, /u })).toBeInTheDocument();
    expect(api.lastQuery('explore')).toMatchObject({ measure: 'sum', property: 'score', event: 'level_complete' });
    expect(property).toHaveAccessibleDescription('Values that are not numbers are skipped.');

    // Counting again drops the property from the URL.
    await user.selectOptions(select('Measure'), 'Count');
    expect(searchOf(router)).not.toHaveProperty('property');
    expect(within(query()).queryByRole('combobox', { name: 'Numeric property' })).not.toBeInTheDocument();
  });

  it('says when only the largest breakdown values are shown', async () => {
    api.answer('explore', {
      series: [{ key: 'a', label: 'a', source: 'A', total: 1, points: [{ date: '2026-03-01', value: 1 }] }],
      truncated: true,
      incomplete: [],
      currency: null,
      excludedPurchases: [],
    });
    renderExplorer(`${RANGE}&breakdown=country`);
    expect(await screen.findByText('Showing the 10 largest; the rest are summed in Other.')).toBeInTheDocument();
  });

  it('explains how to get data when nothing matches', async () => {
    api = createAnalyticsApi(dragonQuest, { empty: true });
    server.script(api.script);
    renderExplorer();
    expect(await screen.findByRole('heading', { name: 'No matching events in this range' })).toBeInTheDocument();
    expect(button('Export CSV')).toBeDisabled();
  });
});

describe('explorer: export and pin', () => {
  it('downloads the answer as CSV named after the project, event and range', async () => {
    const user = userEvent.setup();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    // A formula-like label and one with a comma and quotes: the CSV must neutralise and quote them.
    const series = [
      { key: '=cmd', label: '=cmd', source: 'A', total: 3, points: [{ date: '2026-03-01', value: 3 }, { date: '2026-03-02', value: null }] },
      { key: 'b', label: 'b, "quoted"', source: 'A', total: 1, points: [{ date: '2026-03-01', value: 0 }, { date: '2026-03-02', value: 1 }] },
    ];
    api.answer('explore', { series, truncated: false, incomplete: [], currency: null, excludedPurchases: [] });
    renderExplorer(`${RANGE}&event=level_complete&breakdown=platform`);
    await screen.findByRole('img', { name: /^Count of level_complete by platform, /u });

    await user.click(button('Export CSV'));
    expect(createObjectURL).toHaveBeenCalledOnce();
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // Read with the byte order mark kept (Blob.text() drops it): Excel needs it to read UTF-8.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
    expect(text).toBe(`\uFEFFDate,'=cmd,"b, ""quoted"""\r\n2026-03-01,3,0\r\n2026-03-02,,1\r\n`);
    expect(text.slice(1)).toBe(
      exploreCsv({ series }),
    );
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toHaveAttribute('download', 'dragon-quest-mobile-level_complete-2026-03-01-2026-03-02.csv');
    expect(clicked[0]).toHaveAttribute('href', 'blob:questboard/export');
    expect(clicked[0]!.isConnected).toBe(false);
  });

  it('pins the chart with its title, query, granularity and filters, then links to the dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderExplorer(
      `${RANGE}&granularity=week&country=DE&event=purchase&measure=average&property=revenue_amount&breakdown=platform&chart=bar`,
    );
    await screen.findByRole('img', { name: /^Average of revenue_amount of purchase by platform, /u });

    await user.click(button('Pin to dashboard'));
    const dialog = screen.getByRole('dialog', { name: 'Pin to dashboard' });
    const title = within(dialog).getByRole('textbox', { name: 'Chart title' });
    expect(title).toHaveValue('Average of revenue_amount of purchase by platform');
    expect(title).toHaveFocus();

    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Pin chart' }));
    expect(title).toHaveAccessibleDescription(chartTitleMessages.required);
    expect(server.calls()).not.toContain(`POST /core/projects/${dragonQuest.id}/dashboard/charts`);

    await user.type(title, '  Spend per buyer  ');
    await user.click(within(dialog).getByRole('button', { name: 'Pin chart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.bodyOf(`POST /core/projects/${dragonQuest.id}/dashboard/charts`)).toEqual({
      title: 'Spend per buyer',
      chartType: 'bar',
      query: {
        event: 'purchase',
        measure: 'average',
        property: 'revenue_amount',
        breakdown: 'platform',
        breakdown_property: null,
        filters: [],
        series: [],
        formula: null,
        granularity: 'week',
        platform: [],
        country: ['DE'],
        app_version: [],
      },
    });
    expect(api.dashboard.charts.map((chart) => chart.title)).toEqual(['Spend per buyer']);

    expect(await screen.findByText('Pinned “Spend per buyer” to the dashboard')).toBeInTheDocument();
    // By keyboard: a pointer press starts sonner's swipe, which jsdom cannot capture.
    act(() => button('Open dashboard').focus());
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/project/dragon-quest-mobile/dashboard');
    expect(searchOf(router)).toEqual({ from: '2026-03-01', to: '2026-03-02' });
  });

  it("keeps the dialog open with the server's reason when the dashboard is full", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderExplorer();
    await screen.findByRole('table', { name: /^Count of all events, /u });
    // Full meanwhile: another member pinned the last free place.
    for (let index = 0; index < DASHBOARD_MAX_CHARTS; index += 1) {
      await fetch(`${server.url}/core/projects/${dragonQuest.id}/dashboard/charts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: `Chart ${index}`, chartType: 'line', query: { measure: 'count' } }),
      });
    }

    await user.click(button('Pin to dashboard'));
    const dialog = screen.getByRole('dialog', { name: 'Pin to dashboard' });
    await user.click(within(dialog).getByRole('button', { name: 'Pin chart' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `A dashboard holds at most ${DASHBOARD_MAX_CHARTS} charts. Remove one first.`,
    );
    expect(console.error).toHaveBeenCalledWith('Chart pin failed', expect.anything());
    expect(api.dashboard.charts).toHaveLength(DASHBOARD_MAX_CHARTS);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button('Pin to dashboard')).toHaveFocus();
  });
});
