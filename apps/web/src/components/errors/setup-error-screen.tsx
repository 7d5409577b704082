import { Button } from '../ui/button';
import { ErrorFrame } from './error-screen';
import type { ErrorScreenLayout } from './error-screen';

export interface SetupErrorScreenProps {
  /** The error's message, shown as is. */
  message: string;
  /** Leaves the setup flow for the sign-in page (the caller signs out first if it needs to). */
  onBackToSignIn: () => void;
  layout?: ErrorScreenLayout;
}

/** docs/product/routes-and-screens.md#other-ui: shown by the auth flow wrapper when setting up the account fails. */
export function SetupErrorScreen({ message, onBackToSignIn, layout }: SetupErrorScreenProps) {
  return (
    <ErrorFrame
      layout={layout}
      title="Setup Error"
      description={
        <>
          <span className="block font-medium text-foreground">{message}</span>
          <span className="mt-2 block">Please try logging in again or contact support.</span>
        </>
      }
    >
      <Button onClick={onBackToSignIn}>Back to Sign-in</Button>
    </ErrorFrame>
  );
}
