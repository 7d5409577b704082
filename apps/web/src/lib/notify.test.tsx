import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  LINK_SENT_TOAST_DURATION_MS,
  TOAST_DEDUPE_MS,
  TOAST_DURATION_MS,
  TOAST_ERROR_DURATION_MS,
} from '@questboard/shared/limits';

import { AppProvider } from '../app/provider';
import { Toaster } from '../components/ui/toaster';
import { THEME_MODE_STORAGE_KEY } from '../features/theme/theme';
import { createNotifier, loadSonner } from './notify';
import type { ToastRequest } from './notify';

const toasterOf = (element: HTMLElement) => element.closest('[data-sonner-toaster]');

beforeAll(async () => {
  // notify() loads sonner on demand; have it loaded, so fake timers do not stall the import.
  await loadSonner();
});

afterEach(() => {
  // sonner keeps its toasts in a module-level store; start every test from an empty one.
  act(() => void toast.dismiss());
  vi.useRealTimers();
});

describe('createNotifier', () => {
  it.each([
    ['success', { kind: 'success', position: 'top-right', duration: TOAST_DURATION_MS }],
    ['info', { kind: 'info', position: 'top-right', duration: TOAST_DURATION_MS }],
    ['error', { kind: 'error', position: 'top-right', duration: TOAST_ERROR_DURATION_MS }],
    ['linkSent', { kind: 'link-sent', position: 'top-center', duration: LINK_SENT_TOAST_DURATION_MS }],
  ] as const)('%s hands sonner its position and duration', (method, expected) => {
    const show = vi.fn<(request: ToastRequest) => void>();
    createNotifier({ show })[method]('Saved');
    expect(show).toHaveBeenCalledExactlyOnceWith({ ...expected, message: 'Saved', id: `${expected.kind}:Saved` });
  });

  it('suppresses the same toast within the window and shows it again after', () => {
    let now = 1_000;
    const show = vi.fn<(request: ToastRequest) => void>();
    const notify = createNotifier({ now: () => now, show });

    expect(notify.error('Failed to load project')).toBe(true);
    now += TOAST_DEDUPE_MS - 1;
    expect(notify.error('Failed to load project')).toBe(false);
    now += 1;
    expect(notify.error('Failed to load project')).toBe(true);
    expect(show).toHaveBeenCalledTimes(2);
  });
});

describe('toasts on screen', () => {
  function renderToaster() {
    render(<Toaster colorScheme="light" />);
    return createNotifier();
  }

  it('shows errors as alerts and other toasts as statuses, top-right', async () => {
    const notify = renderToaster();
    act(() => {
      notify.error('Failed to load project');
      notify.success('Organisation created successfully!');
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load project');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Organisation created successfully!');
    for (const element of [alert, status]) {
      expect(toasterOf(element)).toHaveAttribute('data-y-position', 'top');
      expect(toasterOf(element)).toHaveAttribute('data-x-position', 'right');
    }
  });

  it('shows the link-sent toast top-centre', async () => {
    const notify = renderToaster();
    act(() => void notify.linkSent('Sign-in link sent! Please check your inbox and spam folder.'));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Sign-in link sent!');
    expect(toasterOf(status)).toHaveAttribute('data-x-position', 'center');
  });

  it('closes a toast after 5 s and an error after 8 s', async () => {
    vi.useFakeTimers();
    const notify = renderToaster();
    act(() => {
      notify.info('Project saved');
      notify.error('Failed to update name');
    });
    // sonner mounts a toast on the next tick and unmounts it 200 ms after its time is up.
    const advanceTo = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms - Date.now()));
    const start = Date.now();

    await advanceTo(start + TOAST_DURATION_MS - 50);
    expect(screen.getByRole('status')).toHaveTextContent('Project saved');
    await advanceTo(start + TOAST_DURATION_MS + 500);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update name');

    await advanceTo(start + TOAST_ERROR_DURATION_MS - 50);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await advanceTo(start + TOAST_ERROR_DURATION_MS + 500);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be closed by keyboard', async () => {
    const notify = renderToaster();
    act(() => void notify.success('Organisation created successfully!'));
    await screen.findByRole('status');

    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close notification' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('carries an action button when given one', async () => {
    const notify = renderToaster();
    const onClick = vi.fn();
    act(() => void notify.success('Chart pinned', { label: 'Open dashboard', onClick }));
    expect(await screen.findByRole('status')).toHaveTextContent('Chart pinned');

    // By keyboard: a pointer press starts sonner's swipe, which jsdom cannot capture.
    act(() => screen.getByRole('button', { name: 'Open dashboard' }).focus());
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('follows the colour scheme shown by the app', async () => {
    localStorage.setItem(THEME_MODE_STORAGE_KEY, 'dark');
    render(<AppProvider>{null}</AppProvider>);
    act(() => void createNotifier().info('Dark toast'));

    expect(toasterOf(await screen.findByRole('status'))).toHaveAttribute('data-sonner-theme', 'dark');
  });
});
