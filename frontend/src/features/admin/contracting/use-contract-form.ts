import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { placeContractErrors } from './server-errors';

interface ContractFormOptions<F extends FieldValues, R> {
  schema: z.ZodType<F, F>;
  defaultValues: DefaultValues<F>;
  save: (values: F) => Promise<R>;
  /** The form field an API message key belongs to, if any. */
  pathOf: (key: string) => string | null;
  onSaved: (answer: R, values: F) => void;
}

/** What the dialog frame needs of a contracting form: the submit, whether it is saving, and the messages no field takes. */
export interface ContractFormFrame {
  submit: () => void;
  busy: boolean;
  summary: string[];
}

/**
 * The form and save of every contracting dialog: checked on submit (then on change), saved once valid; a refusal puts
 * the API's messages on their fields (the first one focused) and the rest in the dialog's summary.
 */
export function useContractForm<F extends FieldValues, R>({ schema, defaultValues, save, pathOf, onSaved }: ContractFormOptions<F, R>) {
  const { t } = useTranslation('contracts');
  const { control, handleSubmit, setError, setFocus } = useForm<F, unknown, F>({ resolver: zodResolver(schema), defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const [summary, setSummary] = useState<string[]>([]);
  const mutation = useMutation({ mutationFn: save });

  const submit = () =>
    void handleSubmit((values) => {
      setSummary([]);
      mutation.mutate(values, {
        onSuccess: (answer) => onSaved(answer, values),
        onError: (err) => {
          const placed = placeContractErrors(err, pathOf, setError, t);
          setSummary(placed.summary);
          if (placed.first) setFocus(placed.first);
        },
      });
    })();

  const frame: ContractFormFrame = { submit, busy: mutation.isPending, summary };
  return { control, frame };
}
