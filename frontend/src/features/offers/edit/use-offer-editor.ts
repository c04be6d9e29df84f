import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isItemNotFound } from '../../../app/catalog/item-read';
import { rememberTourPosition } from '../../../app/catalog/tour-read';
import { showSaveError } from '../../../app/forms/save-error';
import { notify } from '../../../app/notifications/notifications';
import { useUnsavedChangesGuard } from '../../../ui/edit-page';
import { deleteOffer, restoreOffer } from '../api/delete-offer';
import { useAccountSettings } from '../api/get-account-settings';
import { offerKey, useOffer, type Offer } from '../api/get-offer';
import { useTour } from '../api/get-tour';
import { offerHistoryKey } from '../api/list-offer-history';
import { saveOffer } from '../api/save-offer';
import type { SavedValidPeriod } from '../api/save-valid-period';
import { replacePeriod, settingsOfAccount } from '../valid-periods/period.logic';
import { blankOfferForm, buildOfferSchema, formFieldOfServerField, toForm, toOfferBody, type OfferForm, type OfferMessageKey } from './offer-form';
import { useSaveProblems } from '../../../app/forms/use-save-problems';
import { useLeaveWhen } from '../../../ui/edit-page/use-leave-when';

export const isOfferNotFound = (err: unknown) => isItemNotFound(err, [403]);

/**
 * The offer editor's data side: the tour, the offer and the account settings it reads, the form, and saving,
 * deleting/restoring and the period saves that move the offer's version on. The page only lays it out.
 * `showFieldOf` moves to the tab of a field a save failed on (the media fields live on their own tab).
 */
export function useOfferEditor({ tourId, offerId, showFieldOf }: { tourId: number; offerId: number; showFieldOf: (onMedia: boolean) => void }) {
  const { t } = useTranslation('offer-edit');
  const navigate = useNavigate();
  const client = useQueryClient();
  const isNew = offerId === 0;

  const tour = useTour(tourId);
  const offer = useOffer(isNew ? null : offerId);
  const account = useAccountSettings();
  const accountSettings = useMemo(() => (account.data ? settingsOfAccount(account.data) : null), [account.data]);

  // Spec 01 §8: the reads have already notified 'Not found'; leave to the list or the tour.
  useLeaveWhen(tour.isError && isOfferNotFound(tour.error), '/tours');
  useLeaveWhen(offer.isError && isOfferNotFound(offer.error), `/tours/${tourId}`);
  // A ticket of another tour is not this tour's to manage.
  const foreign = !!offer.data && offer.data.tourId !== tourId;
  useEffect(() => {
    if (!foreign) return;
    notify({ title: t('notFound.title'), message: t('notFound.message'), kind: 'error' });
    navigate(`/tours/${tourId}`, { replace: true });
  }, [foreign, navigate, t, tourId]);

  const schema = useMemo(() => buildOfferSchema((key: OfferMessageKey) => t(key)), [t]);
  const form = useForm<OfferForm>({ resolver: zodResolver(schema), defaultValues: blankOfferForm(), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { reset, setError, formState } = form;
  const { isDirty } = formState;
  const base = useRef<Offer | null>(null);
  const [loaded, setLoaded] = useState(isNew);
  // base is a ref (saves read it at once); a newer offer taken in without touching the form shows through this.
  const [, showBase] = useReducer((n: number) => n + 1, 0);
  const { conflict, setConflict, generalErrors, setGeneralErrors, clearProblems } = useSaveProblems();

  const load = useCallback(
    (o: Offer) => {
      base.current = o;
      reset(toForm(o));
      setLoaded(true);
      clearProblems();
    },
    [reset, clearProblems],
  );
  // Fill the form when the offer arrives. A newer offer in the cache (a period saved, the offer deleted or restored,
  // the periods read again) refills it only while the user has no unsaved edits: with some, it becomes the base
  // (its periods and version) and the user's fields stay as typed, as the tour editor does.
  useEffect(() => {
    if (!offer.data || offer.data === base.current || offer.data.tourId !== tourId) return;
    if (!loaded || !isDirty) load(offer.data);
    else {
      base.current = offer.data;
      showBase();
    }
  }, [offer.data, load, tourId, loaded, isDirty]);

  const guard = useUnsavedChangesGuard({ isDirty, draft: { form, ready: loaded && !!tour.data && !foreign } });
  const save = useMutation({ mutationFn: saveOffer });
  const remove = useMutation({ mutationFn: (restore: boolean) => (restore ? restoreOffer(offerId) : deleteOffer(offerId)) });

  /**
   * The tour's Tickets tab and the tours list show this offer (names, summary price): they are read again, and
   * waiting for the read model to pass this change (?after=).
   */
  const tourChanged = (id: number, position: string | null | undefined) => {
    rememberTourPosition(id, position);
    void client.invalidateQueries({ queryKey: ['tours'] });
  };
  /** The offer as the cache (without the one-off position) and the form's base should now hold it. */
  const keep = (next: Offer, position: string | null | undefined) => {
    const { position: _p, ...clean } = next;
    base.current = clean;
    client.setQueryData(offerKey(next.id), clean);
    void client.invalidateQueries({ queryKey: offerHistoryKey(next.id) });
    tourChanged(next.tourId, position);
  };

  const focusField = (path: FieldPath<OfferForm>) => {
    showFieldOf(path === 'photos' || path === 'heroImageId');
    requestAnimationFrame(() => {
      try {
        form.setFocus(path);
      } catch {
        /* not focusable */
      }
    });
  };

  const onValid = (values: OfferForm) => {
    clearProblems();
    const body = toOfferBody(values, { id: offerId, tourId, version: base.current?.version ?? null });
    save.mutate(body, {
      onSuccess: (saved) => {
        notify({ title: t('saved.title'), message: t('saved.message', { name: saved.nameInternal }), kind: 'success' });
        keep(saved, saved.position);
        if (isNew) {
          guard.allowNextLeave();
          navigate(`/tours/${tourId}/${saved.id}`, { replace: true });
        } else load(base.current ?? saved);
      },
      onError: (err) => {
        // showSaveError notifies every failure but a conflict (a 404 included).
        showSaveError(err, { onConflict: () => setConflict(true), pathOf: formFieldOfServerField, setError, setGeneralErrors, showField: focusField });
      },
    });
  };
  const onInvalid = (errs: FieldErrors<OfferForm>) => {
    setGeneralErrors([t('errors.fixFields')]);
    const first = Object.keys(errs)[0] as FieldPath<OfferForm> | undefined;
    if (first) focusField(first);
  };

  const onSavedPeriod = (saved: SavedValidPeriod) => {
    const current = base.current;
    if (!current) return;
    const { version, position, ...period } = saved;
    keep({ ...current, validPeriods: replacePeriod(current.validPeriods, period), version: version ?? current.version }, position);
  };

  const toggleDeleted = () => {
    const current = base.current;
    if (!current) return;
    if (!current.isDeleted && !window.confirm(t('confirmDelete'))) return;
    remove.mutate(current.isDeleted, {
      onSuccess: (o) => {
        notify({ title: o.isDeleted ? t('saved.deleted') : t('saved.restored'), message: o.nameInternal, kind: 'success' });
        keep({ ...current, isDeleted: o.isDeleted, version: o.version }, o.position);
      },
    });
  };

  const reloadOffer = async () => {
    const r = await offer.refetch();
    if (r.data) load(r.data);
  };
  /**
   * A period save answered 409: read the offer again. Its periods and version become the base; the Details form
   * is refilled only if it has no unsaved edits (the effect above). Answers the periods as saved now.
   */
  const reloadPeriods = async () => {
    const r = await offer.refetch();
    return r.data?.validPeriods ?? null;
  };
  const discard = () => (base.current ? load(base.current) : reset(blankOfferForm()));
  const retry = () => void Promise.all([tour.refetch(), offer.refetch()]);

  const loadError = (tour.isError && !isOfferNotFound(tour.error) ? tour.error : null) ?? (offer.isError && !isOfferNotFound(offer.error) ? offer.error : null);
  return {
    isNew,
    tour: tour.data,
    offerName: offer.data?.nameInternal ?? '',
    base: base.current,
    accountSettings,
    form,
    guard,
    conflict,
    generalErrors,
    saving: save.isPending,
    removing: remove.isPending,
    submit: form.handleSubmit(onValid, onInvalid),
    discard,
    reloadOffer,
    reloadPeriods,
    retry,
    toggleDeleted,
    onSavedPeriod,
    loadError,
    ready: !!tour.data && loaded && !foreign,
  };
}
