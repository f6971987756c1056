import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { addIpRequestSchema, SETTINGS_MESSAGES } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FormError, FormField, TextField } from '../../components/ui/Form';
import { getErrorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { isIpOrCidr } from './ipFormat';
import { useAddIpMutation } from './settings.api';

const FORMAT_HINT =
  'A single IPv4 or IPv6 address (203.0.113.7) or a CIDR range (10.0.0.0/8, 2001:db8::/32).';

/** The contract's rules, and the address or range checked for format before it is sent. */
const addIpFormSchema = addIpRequestSchema.refine(({ ip }) => isIpOrCidr(ip), {
  path: ['ip'],
  message: SETTINGS_MESSAGES.ipInvalid,
});

/**
 * 'Add an address' on `useContractForm`: IP or CIDR range with a label, the format checked as it
 * is typed and before it is sent. A duplicate lands under the address; the server's lock-out
 * refusal, which names the admin's own address, in the form's alert.
 */
export const AddIpForm = ({
  currentIp,
  listChanges,
  onAdded,
}: {
  currentIp: string;
  /** Counts the list's other changes (removals): each one makes this form's old errors stale. */
  listChanges: number;
  onAdded: () => void;
}) => {
  const {
    form,
    submit,
    pending,
    alert,
    clearErrors: clearAll,
  } = useContractForm<{ ip: string; label: string }, typeof addIpFormSchema>({
    schema: addIpFormSchema,
    defaultValues: { ip: '', label: '' },
  });
  const { register, setValue, getValues, clearErrors, setError } = form;
  const { errors } = form.formState;
  const typed = useWatch({ control: form.control, name: 'ip' }).trim();
  const looksWrong = typed !== '' && !isIpOrCidr(typed);
  const [addIp] = useAddIpMutation();
  useEffect(() => {
    if (listChanges > 0) clearAll();
    // Only a new change of the list clears; clearAll is a new function every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listChanges]);

  const handleSubmit = submit(
    async (input, idempotencyKey) => {
      const message = await addIp({ input, idempotencyKey }).unwrap();
      showToast('success', message || SETTINGS_MESSAGES.ipAdded);
      form.reset();
      onAdded();
    },
    {
      failureMessage: (error) =>
        getErrorMessage(error, 'The address could not be added. Please try again.'),
      onError: (error) => {
        const message = getErrorMessage(error, '');
        if (message !== SETTINGS_MESSAGES.ipDuplicate) return false;
        setError('ip', { type: 'server', message });
        return true;
      },
    },
  );

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">Add an address</h2>
      <form
        noValidate
        aria-label="Add an allowed address"
        onSubmit={(event) => void handleSubmit(event)}
        className="mt-4 space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="IP address or CIDR range"
            hint={
              looksWrong && !errors.ip ? (
                <span className="text-amber-700 dark:text-amber-300">
                  Not a valid address yet. {FORMAT_HINT}
                </span>
              ) : (
                FORMAT_HINT
              )
            }
            error={errors.ip?.message}
          >
            {(control) => (
              <input
                {...control}
                {...register('ip')}
                maxLength={64}
                spellCheck={false}
                autoComplete="off"
                placeholder="203.0.113.7 or 10.0.0.0/8"
                aria-invalid={errors.ip || looksWrong ? true : undefined}
                className={`${control.className} font-mono`}
              />
            )}
          </FormField>
          <TextField
            label={
              <>
                Label{' '}
                <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
              </>
            }
            {...register('label')}
            maxLength={100}
            placeholder="Head office, VPN..."
            error={errors.label?.message}
          />
        </div>
        <FormError message={alert} />
        <div className="flex flex-wrap justify-end gap-3">
          {currentIp ? (
            <Button
              variant="secondary"
              disabled={pending}
              onClick={() => {
                setValue('ip', currentIp);
                clearErrors('ip');
                if (!getValues('label').trim()) setValue('label', 'My address');
              }}
            >
              Use my address
            </Button>
          ) : null}
          <Button type="submit" loading={pending}>
            {pending ? 'Adding...' : 'Add address'}
          </Button>
        </div>
      </form>
    </Card>
  );
};
