import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError } from '../../../app/forms/save-error';
import { notify } from '../../../app/notifications/notifications';
import { ApiError } from '../../../lib/api-client';
import type { ExternalProvider, SavedExternalProvider } from '../api/external-provider.schema';
import { getExternalProvider } from '../api/get-external-provider';
import { saveExternalProvider } from '../api/save-external-provider';
import { testExternalProvider } from '../api/test-external-provider';
import { buildProviderSchema, formPathOfServerField, toForm, toPayload, type ProviderForm, type RuleKey } from './provider-form';
import { useSaveProblems } from '../../../app/forms/use-save-problems';

export type ConnectionTest = { state: 'idle' } | { state: 'running' } | { state: 'ok'; count: number } | { state: 'failed'; message: string };

interface EditorOptions {
  /** The provider to edit; null for a new one. */
  provider: ExternalProvider | null;
  onSaved: (saved: SavedExternalProvider) => void;
  /** The provider is gone (deleted elsewhere): the dialog closes and the list is read again. */
  onGone: () => void;
}

/**
 * The provider form's state: the fields (the key never filled from the server), save with its field errors and
 * version conflict (Reload reads the provider again), and the connection test of the saved provider.
 */
export function useProviderEditor({ provider, onSaved, onGone }: EditorOptions) {
  const { t } = useTranslation('external-providers');
  const isNew = provider === null;
  const [current, setCurrent] = useState({ id: provider?.id ?? 0, version: provider?.version ?? null });
  const schema = useMemo(() => buildProviderSchema(isNew, (key: RuleKey | 'tooLong', max?: number) => t(`errors.${key}`, { max })), [isNew, t]);
  const form = useForm<ProviderForm>({ resolver: zodResolver(schema), defaultValues: toForm(provider), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { handleSubmit, setError, setFocus, reset } = form;
  const { conflict, setConflict, generalErrors, setGeneralErrors, clearProblems } = useSaveProblems();
  const [test, setTest] = useState<ConnectionTest>({ state: 'idle' });
  const [reloading, setReloading] = useState(false);

  const save = useMutation({ mutationFn: saveExternalProvider });
  const onValid = (values: ProviderForm) => {
    clearProblems();
    save.mutate(toPayload(values, current.id, current.version), {
      onSuccess: (saved) => {
        notify({ title: t('saved.title'), message: t('saved.message', { name: saved.name }), kind: 'success' });
        onSaved(saved);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 404 && !isNew) {
          notify({ title: t('notFound.title'), message: err.message, kind: 'error' });
          onGone();
          return;
        }
        showSaveError(err, {
          onConflict: () => setConflict(true),
          pathOf: formPathOfServerField,
          setError,
          setGeneralErrors,
          showField: (path) => setFocus(path),
        });
      },
    });
  };
  const submit = () => void handleSubmit(onValid)();

  /** Someone else saved first: read the provider as stored now (a later version) and start over from it. */
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await getExternalProvider(current.id, current.version);
      reset(toForm(fresh));
      setCurrent({ id: fresh.id, version: fresh.version });
      clearProblems();
      setTest({ state: 'idle' });
    } catch (err) {
      if (err instanceof ApiError && err.code === 404) {
        notify({ title: t('notFound.title'), message: err.message, kind: 'error' });
        onGone();
      } else setGeneralErrors([err instanceof Error ? err.message : String(err)]);
    } finally {
      setReloading(false);
    }
  };

  /** Asks the provider for its products through the API, with the stored base URL and key. */
  const testConnection = async () => {
    if (current.id === 0) return;
    setTest({ state: 'running' });
    try {
      setTest({ state: 'ok', count: await testExternalProvider(current.id) });
    } catch (err) {
      setTest({ state: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return { form, isNew, conflict, generalErrors, save, submit, reload, reloading, test, testConnection };
}
