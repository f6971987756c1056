import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  API_PATHS,
  SETTINGS_MESSAGES,
  type PermissionKey,
  type PolicySettings,
} from '@safarnama/contract';
import { stubLayoutForEditor } from '../../test/layout';
import { openPage } from '../../test/app';
import { type RecordedCall, stubSignedIn, recordResponse, errorResponse } from '../../test/utils';

beforeAll(stubLayoutForEditor);

const policies: PolicySettings = {
  privacyPolicy: {
    content: '<p>We keep your data safe.</p>',
    updatedAt: '2025-03-07T10:15:00.000Z',
  },
  termsAndConditions: { content: '<p>Book with care.</p>', updatedAt: null },
  cancellationPolicy: { content: '', updatedAt: null },
  itineraryPdfPolicy: 'cancellationPolicy',
};

const stubServer = (permissions: PermissionKey[] = ['settings.view', 'settings.update']) =>
  stubSignedIn({ permissions }, (call) => {
    if (call.url === API_PATHS.setting.policies) return recordResponse(policies);
    if (call.url === API_PATHS.setting.updatePolicies) {
      return recordResponse(policies, 200, SETTINGS_MESSAGES.policiesSaved);
    }
    return undefined;
  });

const open = async () => {
  const { user } = await openPage('/settings/policy-setting', { name: 'Policy Setting', level: 1 });
  await screen.findByRole('textbox', { name: 'Cancellation and Refund Policy' });
  return user;
};

const updates = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === API_PATHS.setting.updatePolicies);

describe('PolicySettingsPage', () => {
  it('shows the three policies with their last update, and saves only the changed ones together', async () => {
    const calls = stubServer();
    const user = await open();
    expect(await screen.findByRole('textbox', { name: 'Privacy Policy' })).toHaveTextContent(
      'We keep your data safe.',
    );
    expect(screen.getByRole('textbox', { name: 'Terms and Conditions' })).toBeInTheDocument();
    // The app's one format: the configured zone (IST by default) with its name.
    expect(screen.getByText('Last updated Mar 7, 2025, 3:45 PM IST')).toBeInTheDocument();
    expect(screen.getAllByText('Not published yet')).toHaveLength(2);
    const save = screen.getByRole('button', { name: 'Save policies' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('textbox', { name: 'Cancellation and Refund Policy' }));
    // Pasted: ProseMirror under jsdom drops characters typed one by one.
    await user.paste('Full refund up to 7 days before the trip.');
    await user.click(screen.getByRole('textbox', { name: 'Terms and Conditions' }));
    await user.keyboard('{Control>}a{/Control}');
    await user.paste('Be kind.');
    expect(screen.getByText('2 of 3 policies changed')).toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText(SETTINGS_MESSAGES.policiesSaved)).toBeInTheDocument();
    await waitFor(() => {
      expect(updates(calls)).toHaveLength(1);
    });
    expect(updates(calls)[0]?.body).toEqual({
      data: {
        termsAndConditions: '<p>Be kind.</p>',
        cancellationPolicy: '<p>Full refund up to 7 days before the trip.</p>',
      },
    });
  });

  it('issue 22: chooses the policy printed on itinerary PDFs and saves only that choice', async () => {
    const calls = stubServer();
    const user = await open();
    const select = screen.getByRole('combobox', { name: 'Policy printed on itinerary PDFs' });
    expect(select).toHaveValue('cancellationPolicy');
    expect(
      Array.from((select as HTMLSelectElement).options).map((option) => option.textContent),
    ).toEqual([
      'Privacy Policy',
      'Terms and Conditions',
      'Cancellation and Refund Policy',
      'None (print no policy)',
    ]);
    await user.selectOptions(select, 'none');
    expect(screen.getByText('PDF policy changed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save policies' }));
    await waitFor(() => {
      expect(updates(calls)).toHaveLength(1);
    });
    expect(updates(calls)[0]?.body).toEqual({ data: { itineraryPdfPolicy: 'none' } });
  });

  it('puts a 400 detail of the server under its policy', async () => {
    stubSignedIn({ permissions: ['settings.view', 'settings.update'] }, (call) => {
      if (call.url === API_PATHS.setting.policies) return recordResponse(policies);
      if (call.url !== API_PATHS.setting.updatePolicies) return undefined;
      return errorResponse(400, 'VALIDATION_ERROR', 'Validation failed', [
        { path: 'termsAndConditions', message: 'Must be at most 200,000 characters' },
      ]);
    });
    const user = await open();
    await user.click(screen.getByRole('textbox', { name: 'Terms and Conditions' }));
    await user.paste('Be kind.');
    await user.click(screen.getByRole('button', { name: 'Save policies' }));
    expect(await screen.findByText('Must be at most 200,000 characters')).toBeInTheDocument();
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
  });

  it('is read-only without settings.update', async () => {
    stubServer(['settings.view']);
    await open();
    expect(screen.queryByRole('button', { name: 'Save policies' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('combobox', { name: 'Policy printed on itinerary PDFs' }),
    ).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Privacy Policy' })).toHaveAttribute(
      'contenteditable',
      'false',
    );
  });
});
