import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Wraps every page: scroll restoration, and a thin bar while a lazy page chunk loads. */
export function RootLayout() {
  const navigating = useNavigation().state !== 'idle';

  return (
    <>
      {navigating && (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20">
          <div className="h-full w-1/3 animate-pulse bg-primary motion-reduce:animate-none" />
        </div>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
