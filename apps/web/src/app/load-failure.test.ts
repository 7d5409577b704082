import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { documentRoot, loadFailureDescription, loadFailureTitle, showLoadFailure } from './load-failure';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the screen shown when the app cannot load (ADR 024, amendment 5)', () => {
  it("shows the generic error screen's words, and its button reloads the page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    container.append(document.createElement('p'));
    document.body.append(container);
    const reload = vi.fn();
    showLoadFailure(container, new Error('Failed to fetch dynamically imported module'), reload);

    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: loadFailureTitle })).toBeInTheDocument();
    expect(alert).toHaveTextContent(loadFailureDescription);
    expect([...container.children].map((child) => child.tagName)).toEqual(['MAIN']);
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('finds #root once the document is parsed', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    await expect(documentRoot()).resolves.toBe(root);
  });

  it('says so when the page has no #root', async () => {
    await expect(documentRoot()).rejects.toThrow('index.html has no #root element');
  });
});
