import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { errorEnvelope } from '../test/utils';
import { CORRECT_FIELDS_MESSAGE, useContractForm } from './useContractForm';

const schema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(20),
  size: z.number().int().min(1, 'Size must be at least 1'),
  days: z.array(z.strictObject({ title: z.string().trim().min(1, 'Day title is required') })),
});

interface Values {
  title: string;
  size: number;
  days: { title: string }[];
}

type Send = (request: z.output<typeof schema>, key: string) => Promise<unknown>;

const TestForm = ({
  send,
  requiredMessages = { size: 'Size is required' },
}: {
  send: Send;
  requiredMessages?: Record<string, string>;
}) => {
  const { form, submit, pending, alert } = useContractForm<Values, typeof schema>({
    schema,
    defaultValues: { title: '', size: 1, days: [{ title: 'Day 1' }] },
    requiredMessages,
  });
  const { fields } = useFieldArray({ control: form.control, name: 'days' });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={submit(send)}>
      <label>
        Title
        <input {...form.register('title')} />
      </label>
      <p>{errors.title?.message}</p>
      <label>
        Size
        <input type="number" {...form.register('size', { valueAsNumber: true })} />
      </label>
      <p>{errors.size?.message}</p>
      {fields.map((field, index) => (
        <div key={field.id}>
          <label>
            Day {index + 1} title
            <input {...form.register(`days.${index}.title`)} />
          </label>
          <p>{errors.days?.[index]?.title?.message}</p>
        </div>
      ))}
      {alert ? <p role="alert">{alert}</p> : null}
      <button type="submit" disabled={pending}>
        Save
      </button>
    </form>
  );
};

const badRequest = (details: { path: string; message: string }[]) => ({
  status: 400,
  data: errorEnvelope(400, 'VALIDATION_ERROR', 'Some fields are invalid', details),
});

describe('useContractForm', () => {
  it('checks with the schema before sending, with the required wording for an empty number', async () => {
    const send = vi.fn<Send>().mockResolvedValue(undefined);
    render(<TestForm send={send} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Size'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Size is required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(CORRECT_FIELDS_MESSAGE);
    expect(send).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Title'), '  Goa  ');
    await user.type(screen.getByLabelText('Size'), '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(send).toHaveBeenCalledTimes(1);
    });
    // The parsed request (trimmed by the schema), not the raw inputs.
    expect(send.mock.calls[0]?.[0]).toEqual({ title: 'Goa', size: 4, days: [{ title: 'Day 1' }] });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("words an empty input with the form's required text, over the schema's own message", async () => {
    const send = vi.fn<Send>().mockResolvedValue(undefined);
    render(<TestForm send={send} requiredMessages={{ title: 'Name the trip' }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name the trip')).toBeInTheDocument();
    // Typed but too long: the schema's own message.
    await user.type(screen.getByLabelText('Title'), 'x'.repeat(21));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.queryByText('Name the trip')).not.toBeInTheDocument();
    });
    expect(screen.getByLabelText('Title')).toHaveValue('x'.repeat(21));
    expect(send).not.toHaveBeenCalled();
  });

  it("puts a 400's details on their fields (dotted paths included) and the rest in the alert", async () => {
    const send = vi.fn<Send>().mockRejectedValue(
      badRequest([
        { path: 'title', message: 'Title is taken' },
        { path: 'days.0.title', message: 'Day title is too long' },
        { path: 'extra', message: 'Unknown field' },
      ]),
    );
    render(<TestForm send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Goa');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is taken')).toBeInTheDocument();
    expect(screen.getByText('Day title is too long')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown field');

    // A failure without details shows the server's message.
    send.mockRejectedValueOnce({
      status: 409,
      data: errorEnvelope(409, 'CONFLICT', 'Already exists'),
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Already exists');
  });

  it('keeps the Idempotency-Key across a failed retry and takes a new one after a success', async () => {
    const send = vi
      .fn<Send>()
      .mockRejectedValueOnce({ status: 'FETCH_ERROR', error: 'offline' })
      .mockResolvedValueOnce(undefined)
      .mockResolvedValueOnce(undefined);
    const view = render(<TestForm send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Goa');
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    await user.click(save);
    await user.click(save);
    await waitFor(() => {
      expect(send).toHaveBeenCalledTimes(3);
    });
    const keys = send.mock.calls.map(([, key]) => key);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);

    // A form opened again has a key of its own.
    view.unmount();
    render(<TestForm send={send} />);
    await user.type(screen.getByLabelText('Title'), 'Goa');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(send).toHaveBeenCalledTimes(4);
    });
    expect(keys).not.toContain(send.mock.calls[3]?.[1]);
  });

  it('sends once however often it is submitted while the call is pending', async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn<Send>(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<TestForm send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Goa');
    const form = screen.getByRole('button', { name: 'Save' }).closest('form');
    if (!form) throw new Error('no form');
    // A double click reaches the form before React re-renders the disabled button.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => {
      expect(send).toHaveBeenCalledTimes(1);
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.submit(form);
    expect(send).toHaveBeenCalledTimes(1);
    act(() => {
      finish();
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
