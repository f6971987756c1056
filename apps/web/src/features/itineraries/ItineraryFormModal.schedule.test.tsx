import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, SCHEDULE_TEXTS, type Itinerary } from '@safarnama/contract';
import { Providers } from '../../app/Providers';
import { makeStore } from '../../app/store';
import { stubLayoutForEditor } from '../../test/layout';
import {
  errorEnvelope,
  jsonResponse,
  okEnvelope,
  stubFetch,
  type RecordedCall,
} from '../../test/utils';
import { makeCountry, makePlace, makeState } from '../geography/test-data';
import { ItineraryFormModal } from './ItineraryFormModal';
import { makeItinerary } from './test-data';

const india = makeCountry(1, { _id: 'c1', name: 'India', shortName: 'IN' });
const goa = makeState(1, india, { _id: 's1', name: 'Goa' });
const panaji = makePlace(1, goa, { _id: 'p1', name: 'Panaji' });

const stubServer = (save: (call: RecordedCall) => Response) =>
  stubFetch((call) => {
    switch (call.url) {
      case API_PATHS.service.activeCountries:
        return jsonResponse(okEnvelope({ countries: [india] }));
      case API_PATHS.service.activeStates:
        return jsonResponse(okEnvelope({ states: [goa] }));
      case API_PATHS.service.activePlaces:
        return jsonResponse(okEnvelope({ places: [panaji] }));
    }
    if (call.method === 'PUT' || call.method === 'POST') return save(call);
    return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });

beforeAll(stubLayoutForEditor);

const renderForm = async (record: Itinerary) => {
  const onClose = vi.fn();
  render(
    <Providers store={makeStore()}>
      <ItineraryFormModal record={record} onClose={onClose} />
    </Providers>,
  );
  await waitFor(() => {
    expect(screen.getByLabelText('Place *')).toHaveValue('p1');
  });
  return {
    onClose,
    user: userEvent.setup(),
    schedule: within(screen.getByRole('region', { name: 'Schedule' })),
  };
};

const setTime = (
  scope: ReturnType<typeof within>,
  which: 'Publish' | 'Unpublish',
  date: string,
  time: string,
) => {
  fireEvent.change(scope.getByLabelText(`${which} date (IST)`), { target: { value: date } });
  fireEvent.change(scope.getByLabelText(`${which} time (IST)`), { target: { value: time } });
};

const sentData = (calls: RecordedCall[]) =>
  (calls.find((call) => call.method === 'PUT')?.body as { data: Record<string, unknown> }).data;

describe('ItineraryFormModal: schedule (issue 21)', { timeout: 20_000 }, () => {
  it('sends a publish time entered in IST as an instant at +05:30 and says what it does', async () => {
    const record = makeItinerary(1);
    const calls = stubServer(() => jsonResponse(okEnvelope({ data: record })));
    const { schedule, user, onClose } = await renderForm(record);
    expect(schedule.getByRole('note')).toHaveTextContent(
      'A future publish time keeps the itinerary inactive until then',
    );
    setTime(schedule, 'Publish', '2030-06-01', '09:15:30');
    expect(schedule.getByRole('note')).toHaveTextContent(
      'Saving keeps the itinerary inactive until Jun 1, 2030, 9:15:30 AM IST; then it goes active by itself.',
    );
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    const data = sentData(calls);
    expect(data.publishAt).toBe('2030-06-01T09:15:30+05:30');
    // Unchanged (nothing scheduled): left out, the server keeps what it has.
    expect(data).not.toHaveProperty('unpublishAt');
  });

  it('refuses a past time and an unpublish time before the publish time, sending nothing', async () => {
    const record = makeItinerary(2);
    const calls = stubServer(() => jsonResponse(okEnvelope({ data: record })));
    const { schedule, user } = await renderForm(record);
    setTime(schedule, 'Publish', '2020-01-01', '10:00');
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(await schedule.findByText(SCHEDULE_TEXTS.publishInPast)).toBeInTheDocument();
    expect(schedule.getByLabelText('Publish date (IST)')).toHaveAttribute('aria-invalid', 'true');

    setTime(schedule, 'Publish', '2030-06-02', '10:00');
    setTime(schedule, 'Unpublish', '2030-06-01', '10:00');
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(await schedule.findByText(SCHEDULE_TEXTS.unpublishBeforePublish)).toBeInTheDocument();
    expect(schedule.queryByText(SCHEDULE_TEXTS.publishInPast)).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows stored times in IST; Clear sends null, an untouched time is left out', async () => {
    const record = makeItinerary(3, {
      isActive: false,
      publishAt: '2030-05-31T18:30:00.000Z',
      unpublishAt: '2030-07-01T06:30:00.000Z',
    });
    const calls = stubServer(() => jsonResponse(okEnvelope({ data: record })));
    const { schedule, user, onClose } = await renderForm(record);
    expect(schedule.getByLabelText('Publish date (IST)')).toHaveValue('2030-06-01');
    expect(schedule.getByLabelText('Publish time (IST)')).toHaveValue('00:00:00');
    expect(schedule.getByLabelText('Unpublish time (IST)')).toHaveValue('12:00:00');
    await user.click(schedule.getByRole('button', { name: 'Clear publish time' }));
    expect(schedule.getByLabelText('Publish date (IST)')).toHaveValue('');
    expect(schedule.queryByRole('button', { name: 'Clear publish time' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    const data = sentData(calls);
    expect(data.publishAt).toBeNull();
    expect(data).not.toHaveProperty('unpublishAt');
  });

  it("puts the server's 400 detail under the time it names", async () => {
    const record = makeItinerary(4);
    stubServer(() =>
      jsonResponse(
        errorEnvelope(400, 'VALIDATION_ERROR', 'Some fields are invalid', [
          { path: 'unpublishAt', message: SCHEDULE_TEXTS.unpublishInPast },
        ]),
      ),
    );
    const { schedule, user, onClose } = await renderForm(record);
    setTime(schedule, 'Unpublish', '2030-06-01', '10:00');
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(await schedule.findByText(SCHEDULE_TEXTS.unpublishInPast)).toBeInTheDocument();
    expect(schedule.getByLabelText('Unpublish time (IST)')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
