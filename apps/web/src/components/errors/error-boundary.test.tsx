import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { browserPage } from '../../lib/reload-page';
import { ErrorBoundary } from './error-boundary';

const SCREEN_TEXT =
  'We encountered an unexpected error. Please try again or sign out and back in if the problem persists.';

let failing = true;

function Widget() {
  if (failing) throw new Error('Widget exploded');
  return <p>Widget ready</p>;
}

beforeEach(() => {
  failing = true;
  // React reports every error a boundary catches on console.error; here that is expected.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('ErrorBoundary', () => {
  it('shows the error screen when a child throws', () => {
    render(
      <ErrorBoundary>
        <Widget />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(SCREEN_TEXT);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('Widget ready')).not.toBeInTheDocument();
  });

  it('renders the children again with Try Again once they stop throwing', async () => {
    render(
      <ErrorBoundary>
        <Widget />
      </ErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Widget ready')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reloads the page with Reload Page', async () => {
    const reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Widget />
      </ErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reports the error and renders a custom fallback that can reset', async () => {
    const onError = vi.fn();
    render(
      <ErrorBoundary
        onError={onError}
        fallback={({ error, reset }) => (
          <button type="button" onClick={reset}>{`Retry after: ${(error as Error).message}`}</button>
        )}
      >
        <Widget />
      </ErrorBoundary>,
    );
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Widget exploded' }), expect.anything());

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry after: Widget exploded' }));
    expect(screen.getByText('Widget ready')).toBeInTheDocument();
  });

  it('labels the screen with a level-2 heading inside a page, level 1 when it is the page', () => {
    const { unmount } = render(
      <ErrorBoundary>
        <Widget />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    unmount();

    render(
      <ErrorBoundary layout="screen">
        <Widget />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });
});
