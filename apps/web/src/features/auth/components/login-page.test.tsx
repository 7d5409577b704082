import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { LoginPage } from './login-page';
import type { LoginPageProps } from './login-page';

function renderLogin(overrides: Partial<LoginPageProps> = {}) {
  const props: LoginPageProps = {
    onSendLink: vi.fn(() => Promise.resolve({ devMailbox: null })),
    onGoogle: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
  render(<LoginPage {...props} />);
  return props;
}

const emailField = () => screen.getByRole('textbox', { name: 'Email address' });
const sendButton = () => screen.getByRole('button', { name: 'Send Sign-in Link' });
const googleButton = () => screen.getByRole('button', { name: 'Continue with Google' });

describe('LoginPage', () => {
  it('shows the heading, a labelled e-mail field, both sign-in buttons and the OR divider', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Questboard' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).toHaveAttribute('autocomplete', 'email');
    expect(sendButton()).toHaveAttribute('type', 'submit');
    expect(googleButton()).toBeEnabled();
    expect(screen.getByText('OR')).toBeInTheDocument();
  });

  it.each([
    ['empty', '', true],
    ['only spaces', '   ', true],
    ['an address', 'ada@studio.com', false],
    ['an address with spaces around it', '  ada@studio.com ', false],
    ['text that is not an address (no client-side format check)', 'ada', false],
  ])('send button with %s: disabled=%s', async (_case, typed, disabled) => {
    renderLogin();
    if (typed) await userEvent.type(emailField(), typed);
    expect(sendButton().hasAttribute('disabled')).toBe(disabled);
  });

  it('asks for the address when the form is submitted empty', async () => {
    const { onSendLink } = renderLogin();
    await userEvent.type(emailField(), '   ');
    // The button is disabled; submit the form the way assistive tech or a script could.
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Sign in with email' });
    act(() => form.requestSubmit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address.');
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Please enter your email address.');
    expect(onSendLink).not.toHaveBeenCalled();
  });

  it('sends the trimmed address and shows the error when sending fails', async () => {
    const onSendLink = vi.fn(() => Promise.reject(new Error('Identity service is not configured')));
    renderLogin({ onSendLink });
    await userEvent.type(emailField(), '  ada@studio.com  {Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send sign-in link. Please try again.');
    expect(onSendLink).toHaveBeenCalledWith('ada@studio.com');
    expect(sendButton()).toBeEnabled();
  });

  it('shows the Google error when Google sign-in fails', async () => {
    const onGoogle = vi.fn(() => Promise.reject(new Error('popup closed')));
    renderLogin({ onGoogle });
    await userEvent.click(googleButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in failed. Please try again.');
    expect(onGoogle).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons while the link is being sent', async () => {
    let finish: () => void = () => undefined;
    const onSendLink = vi.fn(() => new Promise<{ devMailbox: null }>((resolve) => (finish = () => resolve({ devMailbox: null }))));
    renderLogin({ onSendLink });
    await userEvent.type(emailField(), 'ada@studio.com');
    await userEvent.click(sendButton());

    expect(sendButton()).toBeDisabled();
    expect(googleButton()).toBeDisabled();
    finish();
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
  });

  it('after sending, tells the user to check their mail with the spec tips', async () => {
    renderLogin();
    await userEvent.type(emailField(), 'ada@studio.com{Enter}');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Check Your Email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('ada@studio.com')).toBeInTheDocument();
    expect(screen.getByText('The link expires in 1 hour.')).toBeInTheDocument();
    expect(screen.getByText('Check your spam or junk folder.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again with Different Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with Google Instead' })).toBeEnabled();
    // Mail is delivered: nothing about a dev mailbox.
    expect(screen.queryByRole('link', { name: 'dev mailbox' })).not.toBeInTheDocument();
  });

  it('says the link is in the dev mailbox, with a link to it, when the server delivers no mail', async () => {
    renderLogin({ onSendLink: vi.fn(() => Promise.resolve({ devMailbox: '/dev/mailbox' })) });
    await userEvent.type(emailField(), 'ada@studio.com{Enter}');

    await screen.findByRole('heading', { level: 1, name: 'Check Your Email' });
    expect(screen.getByText(/No mail server is set up, so the link was not e-mailed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dev mailbox' })).toHaveAttribute('href', '/dev/mailbox');
    // The spec's tips stay.
    expect(screen.getByText('The link expires in 1 hour.')).toBeInTheDocument();
  });
});
