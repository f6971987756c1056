import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { errorEnvelope, jsonResponse, okEnvelope, renderRoutes, stubFetch } from '../../test/utils';

const VALIDATE = '/api/v1/admin/auth/validate-forgot-password-token';
const unauthenticated = () =>
  jsonResponse(errorEnvelope(401, 'UNAUTHENTICATED', 'Authentication required'));

describe('/set-password', () => {
  it('without a token goes to /login', async () => {
    const calls = stubFetch(() => unauthenticated());
    const { router } = renderRoutes(routes, '/set-password');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((call) => call.url === VALIDATE)).toBe(false);
  });

  it('shows the invalid-link alert on a non-200 answer, which only its button closes', async () => {
    const calls = stubFetch((call) =>
      call.url === VALIDATE
        ? jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Route not found'))
        : unauthenticated(),
    );
    const { router } = renderRoutes(routes, '/set-password?token=abc123');

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

  it('shows the set-password screen when the server answers 200', async () => {
    stubFetch((call) =>
      call.url === VALIDATE ? jsonResponse(okEnvelope({ valid: true })) : unauthenticated(),
    );
    renderRoutes(routes, '/set-password?token=good');
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
