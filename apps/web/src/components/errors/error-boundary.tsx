import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

import { ErrorScreen } from './error-screen';
import type { ErrorScreenLayout } from './error-screen';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Replaces the default error screen; `reset` renders the children again. */
  fallback?: (props: { error: unknown; reset: () => void }) => ReactNode;
  layout?: ErrorScreenLayout;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/**
 * Catches render errors of a component subtree and shows the error screen in its place. Route
 * errors have their own boundary (app/routes/route-error-screen.tsx); this one is for parts of a
 * page that may fail alone. React boundaries must be classes.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ failed: false, error: undefined });
  };

  override render(): ReactNode {
    const { children, fallback, layout = 'section' } = this.props;
    if (!this.state.failed) return children;
    if (fallback) return fallback({ error: this.state.error, reset: this.reset });
    return <ErrorScreen layout={layout} onRetry={this.reset} />;
  }
}
