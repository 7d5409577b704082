import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { SetupErrorScreen } from './setup-error-screen';

describe('SetupErrorScreen', () => {
  it('shows the error with the advice and leads back to sign-in', async () => {
    const onBackToSignIn = vi.fn();
    render(<SetupErrorScreen message="Account registration failed" onBackToSignIn={onBackToSignIn} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Setup Error' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Account registration failed');
    expect(alert).toHaveTextContent('Please try logging in again or contact support.');

    await userEvent.click(screen.getByRole('button', { name: 'Back to Sign-in' }));
    expect(onBackToSignIn).toHaveBeenCalledOnce();
  });
});
