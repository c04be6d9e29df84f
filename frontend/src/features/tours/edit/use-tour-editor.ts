import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isItemNotFound } from '../../../app/catalog/item-read';
import { expectTourVersion, fetchTour, tourKey } from '../../../app/catalog/tour-read';
import type { Tour, TourOfferSummary } from '../../../app/catalog/tour.types';
import { showSaveError } from '../../../app/forms/save-error';
import { notify } from '../../../app/notifications/notifications';
import { useUnsavedChangesGuard } from '../../../ui/edit-page';
import { deleteTour, restoreTour } from '../api/delete-tour';
import { tourHistoryKey } from '../api/get-tour-history';
import { saveTour } from '../api/save-tour';
import { blankTourForm, slugFollowsName, slugify, toForm, toPayload, type TourForm } from './tour-form';
import { buildTourSchema } from './tour-schema';
import { collectErrors, formPathOfServerField, tabOfPath, type TourTab } from './tour-tabs';
import { useAccountDefaults } from './use-account-defaults';
import { useSaveProblems } from '../../../app/forms/use-save-problems';
import { useLeaveWhen } from '../../../ui/edit-page/use-leave-when';

export interface LoadedTour {
  id: number;
  version: number | null;
  isDeleted: boolean;
  offers: TourOfferSummary[];
}

/**
 * The tour editor's state (spec 01 §2 Tour edit, §4): the form filled from the tour (or the account defaults for a
 * new one), save with its field errors and version conflict, delete / restore, and the unsaved-changes guard.
 */
export function useTourEditor(id: number, tab: TourTab, setTab: (tab: TourTab) => void) {
  const { t } = useTranslation('tour-edit');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { defaults, ready: defaultsReady } = useAccountDefaults();

  const tour = useQuery({ queryKey: tourKey(id), queryFn: ({ signal }) => fetchTour(id, signal), enabled: id > 0, retry: false, staleTime: Infinity, refetchOnWindowFocus: false });

  // Not found, someone else's tour or an id the API cannot read: fetchTour has shown 'Not found' / 'Tour not found
  // or you are not allowed to manage it'; go back to the list (spec 01 §8).
  const notFound = isItemNotFound(tour.error);
  useLeaveWhen(notFound, '/tours');

  const schema = useMemo(() => buildTourSchema((key) => t(key)), [t]);
  const form = useForm<TourForm>({ resolver: zodResolver(schema), defaultValues: blankTourForm(), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { reset, handleSubmit, setError, setValue, getValues, watch, formState } = form;
  const { isDirty, isSubmitted } = formState;

  const [loaded, setLoaded] = useState<LoadedTour | null>(null);
  const source = useRef<Tour | null | undefined>(undefined);
  const slugLinked = useRef(true);
  const { conflict, setConflict, generalErrors, setGeneralErrors, clearProblems } = useSaveProblems();

  const load = useCallback(
    (data: Tour | null, loadedId: number) => {
      source.current = data;
      const values = toForm(data, defaults);
      reset(values);
      slugLinked.current = slugFollowsName(values.url, values.nameDisplay);
      setLoaded((prev) => ({ id: loadedId, version: data?.version ?? null, isDeleted: !!data?.isDeleted, offers: data?.offers ?? (prev?.id === loadedId ? prev.offers : []) }));
      clearProblems();
    },
    [defaults, reset, clearProblems],
  );

  // Fill the form: a new tour at once, a saved one when it arrives (and again after a save, once the read side
  // shows it, unless the user has started editing meanwhile).
  useEffect(() => {
    if (!defaultsReady) return;
    if (id === 0) {
      if (loaded?.id !== 0) load(null, 0);
      return;
    }
    if (tour.data && tour.data !== source.current && (loaded?.id !== id || !isDirty)) load(tour.data, id);
  }, [defaultsReady, id, tour.data, loaded?.id, isDirty, load]);

  // The slug follows the display name until the user types one of their own; emptied, it follows again (spec 01 §4).
  useEffect(() => {
    const sub = watch((values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'nameDisplay' && slugLinked.current) setValue('url', slugify(values.nameDisplay ?? ''), { shouldDirty: true, shouldValidate: isSubmitted });
      if (name === 'url') slugLinked.current = (values.url ?? '').trim() === '';
    });
    return () => sub.unsubscribe();
  }, [watch, setValue, isSubmitted]);

  // Leaving with unsaved changes asks first (not the save's own move from /tours/add to /tours/{id}).
  // Its values are kept if the session ends meanwhile, and put back after signing in again (with the slug's link).
  const guard = useUnsavedChangesGuard({
    isDirty,
    draft: { form, ready: loaded?.id === id, onRestore: (v) => void (slugLinked.current = slugFollowsName(v.url, v.nameDisplay)) },
  });

  const save = useMutation({ mutationFn: saveTour });
  const onValid = (values: TourForm) => {
    if (!loaded) return;
    clearProblems();
    save.mutate(toPayload(values, loaded.id, loaded.version), {
      onSuccess: (saved) => {
        notify({ title: t('saved.title'), message: t('saved.message', { name: saved.nameDisplay || saved.nameInternal }), kind: 'success' });
        const wasNew = loaded.id === 0;
        load({ ...saved, offers: saved.offers.length ? saved.offers : loaded.offers }, saved.id);
        void client.invalidateQueries({ queryKey: tourKey(saved.id) });
        void client.invalidateQueries({ queryKey: tourHistoryKey(saved.id) });
        void client.invalidateQueries({ queryKey: ['tours', 'manageList'] });
        if (wasNew) {
          guard.allowNextLeave();
          navigate(`/tours/${saved.id}`, { replace: true });
        }
      },
      onError: (err) => {
        showSaveError(err, { onConflict: () => setConflict(true), pathOf: (key) => formPathOfServerField(key, getValues()), setError, setGeneralErrors, showField: (first) => setTab(tabOfPath(first)) });
      },
    });
  };
  const onInvalid = (errs: FieldErrors<TourForm>) => {
    const first = collectErrors(errs)[0];
    if (first && tabOfPath(first.path) !== tab) setTab(tabOfPath(first.path));
  };
  const submit = () => void handleSubmit(onValid, onInvalid)();

  const reload = async () => {
    // Someone else's save made a newer version: wait (briefly) until the read side shows it.
    if (loaded?.version !== null && loaded?.version !== undefined) expectTourVersion(id, loaded.version + 1);
    const r = await tour.refetch();
    if (r.data) load(r.data, id);
  };

  const lifecycle = useMutation({
    mutationFn: (kind: 'delete' | 'restore') => (kind === 'delete' ? deleteTour(id) : restoreTour(id)),
    onSuccess: (saved, kind) => {
      notify({ title: kind === 'delete' ? t('deleted.title') : t('restored.title'), message: saved.nameDisplay || saved.nameInternal || '', kind: 'success' });
      setLoaded((prev) => (prev ? { ...prev, isDeleted: kind === 'delete', version: saved.version } : prev));
      void client.invalidateQueries({ queryKey: tourHistoryKey(id) });
      void client.invalidateQueries({ queryKey: ['tours', 'manageList'] });
    },
  });

  const ready = !!loaded && loaded.id === id;
  const loadFailed = id > 0 && tour.isError && !notFound;
  return { form, tour, loaded: ready ? loaded : null, loadFailed, conflict, generalErrors, guard, save, submit, reload, lifecycle };
}
