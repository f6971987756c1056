import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { stubFetch, okResponse, errorResponse } from '../../test/utils';

const VALIDATE = '/api/v1/admin/auth/validate-forgot-password-token';
const SET = '/api/v1/admin/auth/forgot-set-password';
const FORGOT = '/api/v1/admin/auth/forgot-password';
const TOKEN = 'A'.repeat(43);
const unauthenticated = () => errorResponse(401, 'UNAUTHENTICATED', 'Authentication required');

describe('/set-password', () => {
  it('without a token goes to /login', async () => {
    const calls = stubFetch(() => unauthenticated());
    const { router } = renderApp('/set-password');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((call) => call.url === VALIDATE)).toBe(false);
  });

  it('shows the invalid-link alert on a non-200 answer, which only its button closes', async () => {
    const calls = stubFetch((call) =>
      call.url === VALIDATE
        ? errorResponse(404, 'NOT_FOUND', 'Route not found')
        : unauthenticated(),
    );
    const { router } = renderApp('/set-password?token=abc123');

    const alert = await screen.findByRole('alertdialog', { name: 'Invalid or Expired Link' });
    expect(alert).toHaveTextContent(
      'The reset link is either invalid or has expired. Please request a new one.',
    );
    expect(calls.find((call) => call.url === VALIDATE)?.body).toEqual({
      data: { token: 'abc123' },
    });

    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the form for a reset link, checks the new password, sets it and goes to /login', async () => {
    const calls = stubFetch((call) => {
      if (call.url === VALIDATE) {
        return okResponse({ purpose: 'reset', email: 'asha@example.com' });
      }
      if (call.url === SET) {
        return okResponse(null, 200, 'Your password has been set. Sign in with your new password.');
      }
      return unauthenticated();
    });
    const { router } = renderApp(`/set-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();

    const user = userEvent.setup();
    const password = screen.getByLabelText('New password');
    await user.type(password, 'short');
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Too weak',
    );
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('Confirm the new password')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Monsoon-Ferry-Kochi-42');
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Very strong',
    );
    await user.type(screen.getByLabelText('Confirm new password'), 'Monsoon-Ferry-Kochi-4');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(calls.some((call) => call.url === SET)).toBe(false);

    await user.type(screen.getByLabelText('Confirm new password'), '2');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('Your password has been set. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.find((call) => call.url === SET)?.body).toEqual({
      data: { token: TOKEN, password: 'Monsoon-Ferry-Kochi-42' },
    });
  });

  it('words an invitation link as choosing a password, and shows server field errors', async () => {
    stubFetch((call) => {
      if (call.url === VALIDATE) {
        return okResponse({ purpose: 'invite', email: 'new@example.com' });
      }
      if (call.url === SET) {
        return errorResponse(400, 'VALIDATION_ERROR', 'Please correct the highlighted fields', [
          { path: 'password', message: 'The password must not contain your e-mail or name' },
        ]);
      }
      return unauthenticated();
    });
    renderApp(`/set-password?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Choose your password' }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'new@example.com-2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'new@example.com-2026');
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    await waitFor(() => {
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining('The password must not contain your e-mail or name'),
      );
    });
  });

  it('shows the invalid-link alert when the link dies while the form is open', async () => {
    stubFetch((call) => {
      if (call.url === VALIDATE) {
        return okResponse({ purpose: 'reset', email: 'asha@example.com' });
      }
      if (call.url === SET) {
        return errorResponse(
          400,
          'BAD_REQUEST',
          'The reset link is either invalid or has expired. Please request a new one.',
        );
      }
      return unauthenticated();
    });
    const { user } = renderApp(`/set-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'Monsoon-Ferry-Kochi-42');
    await user.type(screen.getByLabelText('Confirm new password'), 'Monsoon-Ferry-Kochi-42');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Invalid or Expired Link' }),
    ).toBeInTheDocument();
  });
});

describe('/forgot-password', () => {
  it('sends the address and shows the same confirmation, with a way back to login', async () => {
    const calls = stubFetch((call) =>
      call.url === FORGOT ? okResponse(null, 200, 'Whatever the server says') : unauthenticated(),
    );
    const { router } = renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls.some((call) => call.url === FORGOT)).toBe(false);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), ' someone@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.forgotPassword);
    expect(calls.find((call) => call.url === FORGOT)?.body).toEqual({
      data: { email: 'someone@example.com' },
    });
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a refusal (too many requests) without the confirmation', async () => {
    stubFetch((call) =>
      call.url === FORGOT
        ? errorResponse(429, 'RATE_LIMITED', 'Too many requests. Try again in 60 seconds.')
        : unauthenticated(),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).not.toBeInTheDocument();
  });
});
