import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { useContractForm } from './useContractForm';
import { sameValues } from './useUnsavedChanges';

describe('sameValues', () => {
  it('compares form values by content, files by identity', () => {
    const file = new File(['x'], 'a.png');
    expect(sameValues({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true);
    expect(sameValues({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValues({ a: undefined }, {})).toBe(true);
    expect(sameValues({ n: Number.NaN }, { n: Number.NaN })).toBe(true);
    expect(sameValues({ image: null }, { image: file })).toBe(false);
    expect(sameValues({ image: file }, { image: file })).toBe(true);
    expect(sameValues({ image: file }, { image: new File(['x'], 'a.png') })).toBe(false);
    expect(sameValues(new Date(5), new Date(5))).toBe(true);
    expect(sameValues([], {})).toBe(false);
  });
});

const schema = z.strictObject({
  title: z.string(),
  country: z.string(),
  days: z.array(z.strictObject({ title: z.string() })),
});
type Values = z.infer<typeof schema>;

/** A form whose country is set the way pickers do it: `setValue` without `shouldDirty`. */
const Harness = () => {
  const { form, dirty } = useContractForm<Values, typeof schema>({
    schema,
    defaultValues: { title: '', country: '', days: [{ title: 'Day 1' }] },
  });
  const days = useFieldArray({ control: form.control, name: 'days' });
  return (
    <>
      <p>{dirty ? 'dirty' : 'clean'}</p>
      <label>
        Title
        <input {...form.register('title')} />
      </label>
      <button type="button" onClick={() => form.setValue('country', 'in')}>
        Pick India
      </button>
      <button type="button" onClick={() => form.setValue('country', '')}>
        Clear country
      </button>
      <button type="button" onClick={() => days.append({ title: 'Day 2' })}>
        Add Day
      </button>
      <button type="button" onClick={() => days.remove(days.fields.length - 1)}>
        Delete last day
      </button>
      <button type="button" onClick={() => form.reset({ ...form.getValues() })}>
        Saved
      </button>
    </>
  );
};

describe("useContractForm's dirty", () => {
  it('follows every way a value changes, and is clean when it is back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const state = () => screen.getByText(/^(dirty|clean)$/).textContent;
    expect(state()).toBe('clean');

    await user.click(screen.getByRole('button', { name: 'Pick India' }));
    await waitFor(() => expect(state()).toBe('dirty'));
    await user.click(screen.getByRole('button', { name: 'Clear country' }));
    await waitFor(() => expect(state()).toBe('clean'));

    await user.click(screen.getByRole('button', { name: 'Add Day' }));
    await waitFor(() => expect(state()).toBe('dirty'));
    await user.click(screen.getByRole('button', { name: 'Delete last day' }));
    await waitFor(() => expect(state()).toBe('clean'));

    await user.type(screen.getByLabelText('Title'), 'Goa');
    await waitFor(() => expect(state()).toBe('dirty'));
    // What was saved becomes the new defaults: clean again.
    await user.click(screen.getByRole('button', { name: 'Saved' }));
    await waitFor(() => expect(state()).toBe('clean'));
  });
});
