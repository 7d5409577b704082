import { useEffect, useState } from 'react';

import type { Toaster } from '../components/ui/toaster';
import { useTheme } from '../features/theme/use-theme';

/**
 * The one toast outlet, in the shown colour scheme. Loaded after the first render so sonner stays
 * out of the sign-in page's critical download (lib/notify.ts loads the same module on demand).
 */
export function ThemedToaster() {
  const { colorScheme } = useTheme();
  const [LoadedToaster, setLoadedToaster] = useState<typeof Toaster | null>(null);

  useEffect(() => {
    let mounted = true;
    import('../components/ui/toaster').then(
      (module) => mounted && setLoadedToaster(() => module.Toaster),
      (error: unknown) => console.warn('Toasts are unavailable: their module did not load', error),
    );
    return () => {
      mounted = false;
    };
  }, []);

  return LoadedToaster && <LoadedToaster colorScheme={colorScheme} />;
}
