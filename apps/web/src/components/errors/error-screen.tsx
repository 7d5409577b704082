import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

import { browserPage } from '../../lib/reload-page';
import { cn } from '../../utils/cn';
import { Button } from '../ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../ui/card';

/**
 * Where the error shows: `screen` replaces the whole app, `page` replaces the page inside the
 * signed-in frame, `section` replaces one part of a page.
 */
export type ErrorScreenLayout = 'screen' | 'page' | 'section';

const frames = {
  screen: { Frame: 'main', className: 'min-h-dvh p-4', heading: 'h1' },
  page: { Frame: 'main', className: 'flex-1 px-4 py-10 sm:px-6', heading: 'h1' },
  section: { Frame: 'div', className: 'py-4', heading: 'h2' },
} as const;

export interface ErrorFrameProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  layout?: ErrorScreenLayout;
}

/** A centred card announcing a failure, with the ways out as its buttons. */
export function ErrorFrame({ title, description, children, layout = 'screen' }: ErrorFrameProps) {
  const { Frame, className, heading } = frames[layout];
  return (
    <Frame className={cn('flex items-center justify-center', className)}>
      <Card role="alert" className="w-full max-w-[440px] p-6 sm:p-8">
        <CardHeader className="mb-6 items-center">
          <span className="mb-2 grid size-11 place-items-center rounded-full bg-destructive-surface text-destructive">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <CardTitle as={heading}>{title}</CardTitle>
          <CardDescription className="break-words">{description}</CardDescription>
        </CardHeader>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">{children}</div>
      </Card>
    </Frame>
  );
}

export interface ErrorScreenProps {
  /** Renders what failed again: resets the error boundary or re-enters the route. */
  onRetry: () => void;
  layout?: ErrorScreenLayout;
}

/** docs/product/routes-and-screens.md (other UI) and docs/product/rules-and-messages.md (errors): the generic error screen. */
export function ErrorScreen({ onRetry, layout }: ErrorScreenProps) {
  return (
    <ErrorFrame
      layout={layout}
      title="Something went wrong"
      description="We encountered an unexpected error. Please try again or sign out and back in if the problem persists."
    >
      <Button variant="outline" onClick={() => browserPage.reload()}>
        Reload Page
      </Button>
      <Button onClick={onRetry}>Try Again</Button>
    </ErrorFrame>
  );
}
