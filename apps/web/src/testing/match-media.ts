// jsdom has no matchMedia. This fake answers every query with one `matches` value that a test can
// flip, notifying 'change' listeners the way a browser does when the device preference changes.

type ChangeListener = (event: MediaQueryListEvent) => void;

export interface FakeMatchMedia {
  matchMedia: (query: string) => MediaQueryList;
  setMatches: (matches: boolean) => void;
  listenerCount: () => number;
}

export function createFakeMatchMedia(initialMatches = false): FakeMatchMedia {
  let matches = initialMatches;
  const listeners = new Set<ChangeListener>();

  const matchMedia = (query: string): MediaQueryList => {
    const list = {
      get matches() {
        return matches;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: ChangeListener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: ChangeListener) => listeners.delete(listener),
      addListener: (listener: ChangeListener) => listeners.add(listener),
      removeListener: (listener: ChangeListener) => listeners.delete(listener),
      dispatchEvent: () => true,
    };
    return list as unknown as MediaQueryList;
  };

  return {
    matchMedia,
    setMatches(next) {
      matches = next;
      for (const listener of [...listeners]) listener({ matches: next } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

/** Installs a fresh fake on window and returns it; the setup file installs one before every test. */
export function installFakeMatchMedia(initialMatches = false): FakeMatchMedia {
  const fake = createFakeMatchMedia(initialMatches);
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: fake.matchMedia });
  return fake;
}
