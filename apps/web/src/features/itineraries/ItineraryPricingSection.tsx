import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  fromPrice,
  groupSizeLabel,
  GROUP_SIZE_MIN,
  GST_RATE_MAX,
  ITINERARY_LIMITS,
  MONTH_NAME_BY_CODE,
  PRICE_MIN,
  priceTable,
  type MonthCode,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { FormField, labelClasses } from '../../components/ui/Form';
import { ItemButton } from '../../components/ui/ItemButtons';
import { MultiSelect } from '../../components/ui/MultiSelect';
import { formatPrice } from './format';
import {
  livePricing,
  MONTH_OPTIONS,
  newPriceBand,
  type ItineraryFormValues,
} from './itineraries.form';

type FormOf = UseFormReturn<ItineraryFormValues, unknown, unknown>;

/** A number input of whole units: an empty box is NaN (the schema refuses it, by its path). */
const wholeNumber = { type: 'number', inputMode: 'numeric', step: 1 } as const;

/**
 * 'Seasonal & Group Pricing' (issue 22): price bands (months × a group-size range → a price per
 * person in whole rupees), the GST rate and whether prices include it, and the live month ×
 * group-size table with the 'From ₹x per person' the customer sees. The spec's Price per Person
 * stays in Itinerary Information: it is the base wherever no band applies. The rules are the
 * contract's (overlapping bands, smallest above largest, GST 0–28 %): their errors land on the
 * band's or the rate's input, from the form's check as from a server 400.
 */
export const ItineraryPricingSection = ({ form }: { form: FormOf }) => {
  const { control, register } = form;
  const bands = useFieldArray({ control, name: 'priceBands' });
  const errors = form.formState.errors;
  return (
    <div className="space-y-5">
      <div>
        <h4 className={labelClasses}>Price bands</h4>
        {bands.fields.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            No price bands: the price per person applies all year, for every group size.
          </p>
        ) : (
          <ol className="space-y-3">
            {bands.fields.map((band, index) => {
              const n = index + 1;
              const bandErrors = errors.priceBands?.[index];
              return (
                <li key={band.id}>
                  <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                    <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                      Price band {n}
                    </legend>
                    <div className="flex items-start gap-3">
                      <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-3">
                        <FormField
                          label={`Months of band ${n}`}
                          error={bandErrors?.months?.message}
                          className="sm:col-span-3"
                        >
                          {(props) => (
                            <Controller
                              control={control}
                              name={`priceBands.${index}.months`}
                              render={({ field }) => (
                                <MultiSelect
                                  id={props.id}
                                  aria-invalid={props['aria-invalid']}
                                  aria-describedby={props['aria-describedby']}
                                  ref={field.ref}
                                  noun={`months of band ${n}`}
                                  placeholder="Select months"
                                  options={MONTH_OPTIONS}
                                  value={field.value as MonthCode[]}
                                  onChange={field.onChange}
                                  onBlur={field.onBlur}
                                />
                              )}
                            />
                          )}
                        </FormField>
                        <FormField
                          label={`Smallest group of band ${n}`}
                          error={bandErrors?.minGroupSize?.message}
                        >
                          {(props) => (
                            <input
                              {...props}
                              {...register(`priceBands.${index}.minGroupSize`, {
                                valueAsNumber: true,
                              })}
                              {...wholeNumber}
                              min={GROUP_SIZE_MIN}
                              max={ITINERARY_LIMITS.groupSizeMax}
                            />
                          )}
                        </FormField>
                        <FormField
                          label={`Largest group of band ${n}`}
                          error={bandErrors?.maxGroupSize?.message}
                        >
                          {(props) => (
                            <input
                              {...props}
                              {...register(`priceBands.${index}.maxGroupSize`, {
                                valueAsNumber: true,
                              })}
                              {...wholeNumber}
                              min={GROUP_SIZE_MIN}
                              max={ITINERARY_LIMITS.groupSizeMax}
                            />
                          )}
                        </FormField>
                        <FormField
                          label={`Price per person of band ${n}`}
                          error={bandErrors?.pricePerPerson?.message}
                        >
                          {(props) => (
                            <input
                              {...props}
                              {...register(`priceBands.${index}.pricePerPerson`, {
                                valueAsNumber: true,
                              })}
                              {...wholeNumber}
                              min={PRICE_MIN}
                              max={ITINERARY_LIMITS.priceMax}
                            />
                          )}
                        </FormField>
                      </div>
                      <ItemButton
                        icon="delete"
                        label={`Remove price band ${n}`}
                        className="mt-6"
                        onClick={() => {
                          bands.remove(index);
                        }}
                      />
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={bands.fields.length >= ITINERARY_LIMITS.priceBands}
          onClick={() => {
            const [groupSize, price] = form.getValues(['groupSize', 'pricePerPerson']);
            bands.append(newPriceBand(groupSize, price), {
              focusName: `priceBands.${bands.fields.length}.months`,
            });
          }}
        >
          Add price band
        </Button>
      </div>

      <fieldset>
        <legend className={labelClasses}>GST</legend>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
          <FormField label="GST rate (%)" error={errors.gst?.rate?.message} className="w-40">
            {(props) => (
              <input
                {...props}
                {...register('gst.rate', { valueAsNumber: true })}
                type="number"
                inputMode="decimal"
                min={0}
                max={GST_RATE_MAX}
                step={0.01}
              />
            )}
          </FormField>
          <label className="mb-2 inline-flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              {...register('gst.included')}
              className="size-4 rounded border-slate-300 text-teal-700 focus-visible:ring-2 focus-visible:ring-teal-500 dark:border-slate-600 dark:bg-slate-950"
            />
            Prices include GST
          </label>
        </div>
      </fieldset>

      <PriceTablePreview form={form} />
    </div>
  );
};

/** The month × group-size table and the lowest price, computed as the prices are typed. */
const PriceTablePreview = ({ form }: { form: FormOf }) => {
  const [pricePerPerson, groupSize, months, priceBands, gst] = useWatch({
    control: form.control,
    name: ['pricePerPerson', 'groupSize', 'months', 'priceBands', 'gst'],
  });
  const pricing = livePricing({ pricePerPerson, groupSize, months, priceBands, gst });
  if (!pricing) {
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Enter the price per person and a GST rate to see the prices by month and group size.
      </p>
    );
  }
  const table = priceTable(pricing);
  const withGst = !gst.included && gst.rate > 0;
  return (
    <div>
      <p className="text-base font-semibold text-slate-900 dark:text-white">
        From {formatPrice(fromPrice(pricing))} per person
      </p>
      <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
        <table className="w-full text-sm tabular-nums">
          <caption className="px-3 py-2 text-left text-xs text-slate-600 dark:text-slate-400">
            Price per person by month and group size
            {withGst ? ` (${String(gst.rate)} % GST added)` : ''}
          </caption>
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-1.5 text-left font-medium">
                Group size
              </th>
              {table.months.map((month) => (
                <th key={month} scope="col" className="px-3 py-1.5 text-right font-medium">
                  <abbr title={MONTH_NAME_BY_CODE[month]} className="no-underline">
                    {month}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-700 dark:text-slate-200">
            {table.rows.map((row) => (
              <tr key={row.from}>
                <th scope="row" className="px-3 py-1.5 text-left font-medium whitespace-nowrap">
                  {groupSizeLabel(row.from, row.to)}
                </th>
                {row.prices.map((price, at) => (
                  <td key={table.months[at]} className="px-3 py-1.5 text-right whitespace-nowrap">
                    {formatPrice(price)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
};
