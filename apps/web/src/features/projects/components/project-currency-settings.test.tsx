import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currencyMessages, type CurrencySettings } from '@questboard/shared/money';

import { createQueryClient } from '../../../lib/query-client';
import { Toaster } from '../../../components/ui/toaster';
import { type AppApiServer, type RouteReplies, startAppApiServer } from '../../../testing/app-api-server';
import type { RecordedRequest } from '../../../testing/http-test-server';
import { dismissToasts } from '../../../testing/render-page';
import { dragonQuest } from '../project-fixtures';
import { ProjectCurrencySettings } from './project-currency-settings';

// The settings page's currency section (issue 21) against a local server that keeps the settings
// the way the real one does: a rate per currency, cleared when the reporting currency changes.
const base = `/core/projects/${dragonQuest.id}/currency`;
const setAt = '2026-11-16T12:00:00.000Z';
let server: AppApiServer;
let settings: CurrencySettings;

beforeEach(async () => {
  settings = { reportingCurrency: 'USD', rates: [] };
  const others = (currency: string) => settings.rates.filter((rate) => rate.currency !== currency);
  const rateReplies = Object.fromEntries<RouteReplies[string]>(
    ['JPY', 'EUR'].flatMap((currency) => [
      [
        `PUT ${base}/rates/${currency}`,
        (request: RecordedRequest) => {
          const { rate } = JSON.parse(request.body) as { rate: number };
          const rates = [...others(currency), { currency, rate, setAt }].sort((a, b) => (a.currency < b.currency ? -1 : 1));
          settings = { ...settings, rates };
          return { body: settings };
        },
      ],
      [
        `DELETE ${base}/rates/${currency}`,
        () => {
          settings = { ...settings, rates: others(currency) };
          return { status: 204 };
        },
      ],
    ]),
  );
  server = await startAppApiServer({
    [`GET ${base}`]: () => ({ body: settings }),
    [`PUT ${base}`]: (request) => {
      const { reportingCurrency } = JSON.parse(request.body) as { reportingCurrency: string };
      if (reportingCurrency !== settings.reportingCurrency) settings = { reportingCurrency, rates: [] };
      return { body: settings };
    },
    ...rateReplies,
  });
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

function renderSection(canManage = true) {
  const router = createMemoryRouter([{ path: '*', element: <ProjectCurrencySettings project={dragonQuest} canManage={canManage} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster colorScheme="light" />
    </QueryClientProvider>,
  );
}

const rateList = () => screen.getByRole('list', { name: 'Exchange rates' });
const rateLines = () => within(rateList()).getAllByRole('listitem').map((item) => item.textContent);

describe('the currency section of the project settings', () => {
  it('adds a rate written in one direction: 1 unit of the currency in the reporting currency', async () => {
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('No rates yet: only purchases in USD are counted.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a rate' });
    await user.type(within(form).getByRole('textbox', { name: 'Currency' }), 'jpy');
    await user.type(within(form).getByRole('textbox', { name: 'Value of 1 JPY in USD' }), '0.0067');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(rateLines()).toEqual(['1 JPY = 0.0067 USDSet Nov 16, 2026EditRemove']));
    expect(server.bodyOf(`PUT ${base}/rates/JPY`)).toEqual({ rate: 0.0067 });
    expect(await screen.findByText('Rate for JPY saved')).toBeInTheDocument();
  });

  it('refuses a code that is not ISO 4217 and a rate that is not above 0, with the shared messages', async () => {
    const user = userEvent.setup();
    renderSection();
    const form = await screen.findByRole('form', { name: 'Add a rate' });
    await user.type(within(form).getByRole('textbox', { name: 'Currency' }), 'U1');
    await user.type(within(form).getByRole('textbox', { name: /^Value of 1 / }), '0');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(within(form).getByRole('textbox', { name: 'Currency' })).toHaveAccessibleDescription(currencyMessages.code);
    expect(within(form).getByRole('textbox', { name: /^Value of 1 / })).toHaveAccessibleDescription(currencyMessages.rate);
    expect(server.calls().filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('edits and removes a rate', async () => {
    const user = userEvent.setup();
    settings = { reportingCurrency: 'USD', rates: [{ currency: 'EUR', rate: 1.08, setAt }] };
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Edit the rate for EUR' }));
    const form = screen.getByRole('form', { name: 'Edit the rate for EUR' });
    const rate = within(form).getByRole('textbox', { name: 'Value of 1 EUR in USD' });
    await user.clear(rate);
    await user.type(rate, '1.1');
    await user.click(within(form).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(rateLines()).toEqual(['1 EUR = 1.1 USDSet Nov 16, 2026EditRemove']));
    await user.click(screen.getByRole('button', { name: 'Remove the rate for EUR' }));
    expect(await screen.findByText('No rates yet: only purchases in USD are counted.')).toBeInTheDocument();
    expect(server.calls()).toContain(`DELETE ${base}/rates/EUR`);
  });

  it('asks before a new reporting currency removes the rates, and says why', async () => {
    const user = userEvent.setup();
    settings = { reportingCurrency: 'USD', rates: [{ currency: 'JPY', rate: 0.0067, setAt }] };
    renderSection();
    const select = await screen.findByRole('combobox', { name: 'Reporting currency' });
    expect(select).toHaveValue('USD');
    expect(select).toHaveAccessibleDescription('Changing it removes every rate: each says what 1 unit is worth in the current currency.');
    await user.selectOptions(select, 'EUR');
    await user.click(screen.getByRole('button', { name: 'Save currency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report revenue in EUR?' });
    expect(dialog).toHaveTextContent('The rate in USD will be removed, so purchases in other currencies are left out until you add rates in EUR.');
    await user.click(within(dialog).getByRole('button', { name: 'Change to EUR' }));
    expect(await screen.findByText('No rates yet: only purchases in EUR are counted.')).toBeInTheDocument();
    expect(server.bodyOf(`PUT ${base}`)).toEqual({ reportingCurrency: 'EUR' });
  });

  it('shows members the currency and the rates without a way to change them', async () => {
    settings = { reportingCurrency: 'USD', rates: [{ currency: 'JPY', rate: 0.0067, setAt }] };
    renderSection(false);
    expect(await screen.findByText('Only owners and admins can change the currency and its rates.')).toBeInTheDocument();
    expect(screen.getByText(/^Reporting currency:/u)).toHaveTextContent('Reporting currency: USD (US Dollar)');
    expect(rateLines()).toEqual(['1 JPY = 0.0067 USDSet Nov 16, 2026']);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
