import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { installFakeMatchMedia } from '../../testing/match-media';
import { ThemeSwitch } from './components/theme-switch';
import { COLOR_SCHEME_STORAGE_KEY, THEME_MODE_STORAGE_KEY } from './theme';
import { ThemeProvider } from './theme-provider';
import { useTheme } from './use-theme';

function ShownScheme() {
  const { mode, colorScheme } = useTheme();
  return <output aria-label="Theme">{`${mode}:${colorScheme}`}</output>;
}

function renderTheme() {
  return render(
    <ThemeProvider>
      <ThemeSwitch />
      <ShownScheme />
    </ThemeProvider>,
  );
}

const root = document.documentElement;

describe('ThemeProvider', () => {
  it('defaults to system and follows the device preference live', () => {
    const media = installFakeMatchMedia(false);
    renderTheme();
    expect(screen.getByRole('status', { name: 'Theme' })).toHaveTextContent('system:light');
    expect(root).not.toHaveClass('dark');

    act(() => media.setMatches(true));
    expect(screen.getByRole('status', { name: 'Theme' })).toHaveTextContent('system:dark');
    expect(root).toHaveClass('dark');
    expect(root.style.colorScheme).toBe('dark');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
  });

  it('starts from the stored mode', () => {
    installFakeMatchMedia(false);
    localStorage.setItem(THEME_MODE_STORAGE_KEY, 'dark');
    renderTheme();
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(root).toHaveClass('dark');
  });

  it('persists the chosen mode and the resolved scheme, and ignores the device once fixed', async () => {
    const media = installFakeMatchMedia(true);
    renderTheme();
    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));

    expect(localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('light');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
    expect(root).not.toHaveClass('dark');

    act(() => media.setMatches(false));
    act(() => media.setMatches(true));
    expect(screen.getByRole('status', { name: 'Theme' })).toHaveTextContent('light:light');
  });

  it.each([
    ['a mode chosen in another tab', 'dark', THEME_MODE_STORAGE_KEY, 'dark:dark'],
    ['the storage cleared in another tab', null, null, 'system:light'],
  ])('follows %s', (_name, stored, key, shown) => {
    localStorage.setItem(THEME_MODE_STORAGE_KEY, 'light');
    renderTheme();
    expect(screen.getByRole('status', { name: 'Theme' })).toHaveTextContent('light:light');

    // What the browser does in this tab when another tab writes the shared localStorage.
    if (stored === null) localStorage.clear();
    else localStorage.setItem(THEME_MODE_STORAGE_KEY, stored);
    act(
      () =>
        void window.dispatchEvent(new StorageEvent('storage', { key, newValue: stored, storageArea: localStorage })),
    );

    expect(screen.getByRole('status', { name: 'Theme' })).toHaveTextContent(shown);
    expect(root.classList.contains('dark')).toBe(shown.endsWith(':dark'));
  });

  it('ignores other keys changed in another tab', () => {
    renderTheme();
    localStorage.setItem(THEME_MODE_STORAGE_KEY, 'dark');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'questboard-other', newValue: 'x' })));
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
  });

  it('stops listening to the device when unmounted', () => {
    const media = installFakeMatchMedia(false);
    const { unmount } = renderTheme();
    expect(media.listenerCount()).toBeGreaterThan(0);
    unmount();
    expect(media.listenerCount()).toBe(0);
  });
});

describe('ThemeSwitch', () => {
  it('offers light, dark and system as a labelled radio group, showing the current mode', async () => {
    renderTheme();
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'System' })).not.toBeChecked();
    expect(root).toHaveClass('dark');
  });

  it('moves between modes with the arrow keys', async () => {
    renderTheme();
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'System' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });
});
