import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isItemNotFound } from '../../../app/catalog/item-read';
import { showSaveError } from '../../../app/forms/save-error';
import { notify } from '../../../app/notifications/notifications';
import { useUnsavedChangesGuard } from '../../../ui/edit-page';
import { pickUpTimeKey, usePickUpTime } from '../api/get-pickup-time';
import { useSupplierHotels, useSupplierRegions } from '../api/list-places';
import type { PickUpTime } from '../api/pickup-time.schema';
import { expectPickUpTimeVersion } from '../api/read-after';
import { savePickUpTime } from '../api/save-pickup-time';
import { buildSchema, formPathOfServerField, NAME_MAX_LENGTH, toEditor, toPayload, type EditorRows, type PickUpTimeForm } from './pickup-time-form';
import { useSaveProblems } from '../../../app/forms/use-save-problems';

export interface LoadedPickUpTime {
  id: number;
  version: number | null;
  rows: EditorRows;
  /** Whether the pick-up time had hotel overrides when read (then the hotels table is always shown, spec 02 §4). */
  hadOverrides: boolean;
}

const BLANK: PickUpTimeForm = { name: '', isFixedTime: false, regions: [], hotels: [] };

/** Spec 02 §8: not found, another supplier's or an id the API cannot read: 'Not found' is shown, then /timeslots. */
export const NOT_FOUND_REDIRECT = '/timeslots';

/**
 * The pick-up time editor's state (spec 02 §2, §4, §5): the form filled from the pick-up time (or the region and
 * hotel lists for a new one), save with its field errors and version conflict, then the list; the unsaved-changes guard.
 */
export function usePickUpTimeEditor(id: number) {
  const { t } = useTranslation('pickuptimes');
  const navigate = useNavigate();
  const client = useQueryClient();
  const item = usePickUpTime(id);
  const regions = useSupplierRegions(id === 0);
  const hotels = useSupplierHotels();

  const notFound = isItemNotFound(item.error, [403]);
  useEffect(() => {
    if (notFound) navigate(NOT_FOUND_REDIRECT, { replace: true });
  }, [notFound, navigate]);

  const schema = useMemo(
    () => buildSchema({ nameRequired: t('errors.nameRequired'), nameTooLong: t('errors.nameTooLong', { max: NAME_MAX_LENGTH }), time: t('errors.time'), startAfterEnd: t('errors.startAfterEnd') }),
    [t],
  );
  const form = useForm<PickUpTimeForm>({ resolver: zodResolver(schema), defaultValues: BLANK, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { reset, handleSubmit, setError, setFocus, formState } = form;
  const { isDirty } = formState;

  const [loaded, setLoaded] = useState<LoadedPickUpTime | null>(null);
  const source = useRef<PickUpTime | null | undefined>(undefined);
  const hotelRows = useRef<number[]>([]);
  const { conflict, setConflict, generalErrors, setGeneralErrors, clearProblems } = useSaveProblems();

  const load = useCallback(
    (data: PickUpTime | null, loadedId: number) => {
      source.current = data;
      const { rows, values } = toEditor(data, regions.data ?? [], hotels.data ?? []);
      reset(values);
      setLoaded({ id: loadedId, version: data?.version ?? null, rows, hadOverrides: (data?.hotelsPickUpTimes.length ?? 0) > 0 });
      clearProblems();
    },
    [regions.data, hotels.data, reset, clearProblems],
  );

  // Fill the form once its lists are there: a new pick-up time from the regions, a saved one from its answer.
  useEffect(() => {
    if (!hotels.data) return;
    if (id === 0) {
      if (regions.data && loaded?.id !== 0) load(null, 0);
      return;
    }
    if (item.data && item.data !== source.current && (loaded?.id !== id || !isDirty)) load(item.data, id);
  }, [id, hotels.data, regions.data, item.data, loaded?.id, isDirty, load]);

  const guard = useUnsavedChangesGuard({ isDirty, draft: { form, ready: loaded?.id === id } });

  const save = useMutation({ mutationFn: savePickUpTime });
  const onValid = (values: PickUpTimeForm) => {
    if (!loaded) return;
    clearProblems();
    const built = toPayload(values, loaded.rows, loaded.id, loaded.version);
    hotelRows.current = built.hotelRows;
    save.mutate(built.payload, {
      onSuccess: (saved) => {
        notify({ title: t('saved.title'), message: t('saved.message', { name: saved.name }), kind: 'success' });
        void client.invalidateQueries({ queryKey: pickUpTimeKey(saved.id) });
        void client.invalidateQueries({ queryKey: ['pickuptimes', 'options'] });
        // Spec 02 §4: saving a pick-up time goes to /pickuptimes.
        guard.allowNextLeave();
        navigate('/pickuptimes');
      },
      onError: (err) =>
        showSaveError(err, {
          onConflict: () => setConflict(true),
          pathOf: (key) => formPathOfServerField(key, hotelRows.current),
          setError,
          setGeneralErrors,
          showField: (path: FieldPath<PickUpTimeForm>) => setFocus(path),
        }),
    });
  };
  const submit = () => void handleSubmit(onValid)();

  const reload = async () => {
    // Someone else saved a newer version: wait (briefly) until the read side shows it.
    if (loaded?.version !== null && loaded?.version !== undefined) expectPickUpTimeVersion(id, loaded.version + 1);
    const r = await item.refetch();
    if (r.data) load(r.data, id);
  };

  const ready = !!loaded && loaded.id === id;
  const failed = id > 0 ? item.error ?? hotels.error : (regions.error ?? hotels.error);
  const loadFailed = !!failed && !notFound;
  const retry = () => {
    if (item.isError) void item.refetch();
    if (regions.isError) void regions.refetch();
    if (hotels.isError) void hotels.refetch();
  };
  return { form, loaded: ready ? loaded : null, loadFailed, loadError: failed, retry, conflict, generalErrors, guard, save, submit, reload };
}
