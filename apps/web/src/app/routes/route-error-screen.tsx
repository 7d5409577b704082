import { useLocation, useNavigate } from 'react-router';

import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

/** SPEC.md "Other UI": the generic error screen, shown when a page throws or its chunk fails to load. */
export function RouteErrorScreen() {
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <Card role="alert" className="w-full max-w-[440px] p-6 sm:p-8">
        <CardHeader className="mb-6">
          <CardTitle as="h1">Something went wrong</CardTitle>
          <CardDescription>
            We encountered an unexpected error. Please try again or sign out and back in if the problem persists.
          </CardDescription>
        </CardHeader>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
          {/* Navigating to the same address clears the error and renders the page again. */}
          <Button onClick={() => void navigate(location, { replace: true })}>Try Again</Button>
        </div>
      </Card>
    </main>
  );
}
