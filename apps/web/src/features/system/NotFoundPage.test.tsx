import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/app';
import { stubFetch, errorResponse } from '../../test/utils';

describe('unknown paths', () => {
  it('show the not-found screen, whose button leads home', async () => {
    stubFetch(() => errorResponse(401, 'UNAUTHENTICATED', 'Authentication required'));
    const { router } = renderApp('/no/such/page');

    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("Sorry, we couldn't find the page you're looking for."),
    ).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to Home' }));
    // Home is protected: signed out, it ends on the sign-in form.
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
