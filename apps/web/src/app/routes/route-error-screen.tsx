import { useLocation, useNavigate, useRouteError } from 'react-router';

import { ErrorScreen } from '../../components/errors/error-screen';
import type { ErrorScreenLayout } from '../../components/errors/error-screen';
import { isChunkLoadError } from '../../lib/chunk-load';
import { browserPage } from '../../lib/reload-page';

function RouteError({ layout }: { layout: ErrorScreenLayout }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();

  // React Router remembers a lazy route module that failed to load, so only a fresh page can try
  // the chunk again. Anything else: entering the same address again clears the error, re-runs the
  // loaders and renders the page anew.
  const retry = isChunkLoadError(error)
    ? () => browserPage.reload()
    : () => void navigate(location, { replace: true, state: location.state as unknown, preventScrollReset: true });

  return <ErrorScreen layout={layout} onRetry={retry} />;
}

/** docs/product/routes-and-screens.md#other-ui: the root error boundary, for failures outside the signed-in frame. */
export function RouteErrorScreen() {
  return <RouteError layout="screen" />;
}

/** The error boundary inside the signed-in frame: the page is replaced, the top bar stays. */
export function PageErrorScreen() {
  return <RouteError layout="page" />;
}
