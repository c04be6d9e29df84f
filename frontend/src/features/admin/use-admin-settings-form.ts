import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showSaveError } from '../../app/forms/save-error';
import { notify } from '../../app/notifications/notifications';
import { useBusinessProfile, useSaveBusinessProfile, type BusinessProfile } from '../../app/supplier/business-profile';
import { buildBusinessProfileSchema, formPathOfServerField, tabOfPath, toForm, toProfile, type AdminTab, type BusinessProfileForm } from './business-profile.form';
import { firstErrorPath } from './form-errors';
import { useSaveProblems } from '../../app/forms/use-save-problems';

/**
 * The admin settings form's state: one form over all tabs, filled from the business profile and saved whole. An
 * error (the client's rules or the server's) opens the tab holding its field and focuses it; a 409 shows the conflict.
 */
export function useAdminSettingsForm(tab: AdminTab) {
  const { t } = useTranslation('admin');
  const profile = useBusinessProfile();
  const save = useSaveBusinessProfile();
  const base = useRef<BusinessProfile | null>(null);
  const { conflict, setConflict, generalErrors, setGeneralErrors, clearProblems } = useSaveProblems();
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const navigate = useNavigate();

  const schema = useMemo(() => buildBusinessProfileSchema((key) => t(key)), [t]);
  const form = useForm<BusinessProfileForm>({ resolver: zodResolver(schema), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { handleSubmit, reset, setError, formState, getValues, setFocus } = form;
  const { isDirty } = formState;

  const goToTabOf = (path: string) => {
    const target = tabOfPath(path);
    setFocusPath(path);
    if (target !== tab) navigate(`/admin/${target}`);
  };

  useEffect(() => {
    if (!focusPath || tabOfPath(focusPath) !== tab) return;
    setFocusPath(null);
    // After the tab's fields have mounted.
    requestAnimationFrame(() => {
      try {
        setFocus(focusPath as FieldPath<BusinessProfileForm>);
      } catch {
        /* a field without a focusable element (the policy table) */
      }
    });
  }, [focusPath, tab, setFocus]);

  const load = useCallback(
    (p: BusinessProfile) => {
      base.current = p;
      reset(toForm(p));
      clearProblems();
    },
    [reset, clearProblems],
  );

  // First load (and a later answer while nothing is edited) fills the form.
  useEffect(() => {
    if (profile.data && (!base.current || !isDirty) && profile.data !== base.current) load(profile.data);
  }, [profile.data, isDirty, load]);

  const reload = async () => {
    const r = await profile.refetch();
    if (r.data) load(r.data);
  };

  const discard = () => {
    if (base.current) load(base.current);
  };

  const onValid = (values: BusinessProfileForm) => {
    if (!base.current) return;
    clearProblems();
    save.mutate(toProfile(values, base.current), {
      onSuccess: (saved) => {
        load(saved);
        notify({ title: t('saved.title'), message: t('saved.message'), kind: 'success' });
      },
      onError: (err) => {
        showSaveError(err, { onConflict: () => setConflict(true), pathOf: (key) => formPathOfServerField(key, getValues()), setError, setGeneralErrors, showField: goToTabOf });
      },
    });
  };

  const onInvalid = (errs: FieldErrors<BusinessProfileForm>) => {
    const first = firstErrorPath(errs);
    if (first) goToTabOf(first);
  };

  return {
    form,
    profile,
    save,
    ready: !!base.current && !!profile.data,
    conflict,
    generalErrors,
    reload,
    discard,
    submit: handleSubmit(onValid, onInvalid),
  };
}
