import './edit/tour-edit.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useBlocker, useNavigate, useNavigationType, useParams, useSearchParams } from 'react-router-dom';
import { FormMessage } from '../../app/forms/field';
import { placeServerErrors } from '../../app/forms/server-errors';
import { notify } from '../../app/notifications/notifications';
import { useDocumentTitle } from '../../app/use-document-title';
import { ApiError } from '../../lib/api-client';
import { getSession } from '../../lib/auth-session';
import { parseRouteId } from '../../lib/route-id';
import { Button } from '../../ui/common/button';
import { ConfirmDialog } from '../../ui/common/confirm-dialog';
import { cx } from '../../ui/common/cx';
import { mediaWarnings } from '../../ui/photo-selector';
import { useBusinessProfile } from '../admin/api/business-profile';
import { deleteTour, expectTourVersion, fetchTour, restoreTour, saveTour, tourHistoryKey, tourKey } from './api/tour.api';
import type { Tour, TourOfferSummary } from './api/tour.types';
import { BasicTab } from './edit/basic-tab';
import { FaqTab, ItineraryTab, MediaTab, SeoTab, TermsTab } from './edit/content-tabs';
import { HistoryTab } from './edit/history-tab';
import { LocationTab } from './edit/location-tab';
import { TicketsTab } from './edit/tickets-tab';
import {
  asTourTab,
  blankTourForm,
  buildTourSchema,
  collectErrors,
  formPathOfServerField,
  NO_DEFAULTS,
  slugFollowsName,
  slugify,
  tabOfPath,
  tabProblems,
  tabsWithErrors,
  toForm,
  toPayload,
  TOUR_TABS,
  type AccountDefaults,
  type TourForm,
  type TourTab,
} from './edit/tour-form';

/**
 * /tours/{id} and /tours/add (spec 01 §2 Tour edit): 'add' in any case (or 0) is a new tour; an id that cannot be
 * read goes to /tours.
 */
export function TourEditPage() {
  const { id: raw } = useParams();
  const id = parseRouteId(raw);
  if (id === null) return <Navigate to="/tours" replace />;
  return <TourEditor id={id} />;
}

interface Loaded {
  id: number;
  version: number | null;
  isDeleted: boolean;
  offers: TourOfferSummary[];
}

type Confirm = 'delete' | 'restore' | null;

function TourEditor({ id }: { id: number }) {
  const { t } = useTranslation('tour-edit');
  const { t: tShell } = useTranslation('shell');
  const navigate = useNavigate();
  const client = useQueryClient();

  // The account's default texts and policy (spec 01 §4) live in the business profile; without one there are none.
  const profile = useBusinessProfile();
  const defaultsReady = profile.isSuccess || profile.isError;
  const defaults = useMemo<AccountDefaults>(() => {
    const p = profile.data;
    if (!p) return NO_DEFAULTS;
    return {
      termsAndConditions: p.defaultSettings?.termsAndConditions ?? '',
      faq: p.defaultSettings?.faq ?? '',
      notesToClientsPostBooking: p.defaultSettings?.notesToClientPostBooking ?? '',
      cancellationPolicy: (p.cancellationPolicy ?? []).map((r) => ({ hours: r.hours, percents: r.percents })),
    };
  }, [profile.data]);

  const tour = useQuery({ queryKey: tourKey(id), queryFn: ({ signal }) => fetchTour(id, signal), enabled: id > 0, retry: false, staleTime: Infinity, refetchOnWindowFocus: false });

  // Not found or someone else's tour: the shared call has shown 'Not found' / 'Tour not found or you are not
  // allowed to manage it'; go back to the list (spec 01 §8).
  const notFound = tour.error instanceof ApiError && (tour.error.code === 404 || tour.error.code === 400);
  useEffect(() => {
    if (notFound) navigate('/tours', { replace: true });
  }, [notFound, navigate]);

  const schema = useMemo(() => buildTourSchema((key) => t(key)), [t]);
  const form = useForm<TourForm>({ resolver: zodResolver(schema), defaultValues: blankTourForm(), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, reset, handleSubmit, setError, setValue, getValues, watch, formState } = form;
  const { isDirty, errors, isSubmitted } = formState;

  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const source = useRef<Tour | null | undefined>(undefined);
  const slugLinked = useRef(true);
  // The open tab is in the address (?tab=terms), so links can open one (the offer editor's link to the tour's
  // cancellation policy) and reload keeps it.
  // The tab shows at once and the address follows it (replace). Only a link or back/forward (push, pop) to
  // another ?tab= switches the tab from the address: our own replaces can land after a later click.
  const [search, setSearch] = useSearchParams();
  const navigationType = useNavigationType();
  const linkedTab = asTourTab(search.get('tab')) ?? 'basic';
  const [tab, setTabState] = useState<TourTab>(linkedTab);
  useEffect(() => {
    if (navigationType !== 'REPLACE') setTabState(linkedTab);
  }, [linkedTab, navigationType]);
  const setTab = useCallback(
    (next: TourTab) => {
      setTabState(next);
      setSearch(
        (prev) => {
          const params = new URLSearchParams(prev);
          if (next === 'basic') params.delete('tab');
          else params.set('tab', next);
          return params;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  const [conflict, setConflict] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const allowLeave = useRef(false);

  const load = useCallback(
    (data: Tour | null, loadedId: number) => {
      source.current = data;
      const values = toForm(data, defaults);
      reset(values);
      slugLinked.current = slugFollowsName(values.url, values.nameDisplay);
      setLoaded((prev) => ({ id: loadedId, version: data?.version ?? null, isDeleted: !!data?.isDeleted, offers: data?.offers ?? (prev?.id === loadedId ? prev.offers : []) }));
      setConflict(false);
      setGeneralErrors([]);
    },
    [defaults, reset],
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
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && !allowLeave.current && getSession().user !== null && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  useEffect(() => {
    allowLeave.current = false;
  }, [id]);

  const save = useMutation({ mutationFn: saveTour });

  const onValid = (values: TourForm) => {
    if (!loaded) return;
    setConflict(false);
    setGeneralErrors([]);
    save.mutate(toPayload(values, loaded.id, loaded.version), {
      onSuccess: (saved) => {
        notify({ title: t('saved.title'), message: t('saved.message', { name: saved.nameDisplay || saved.nameInternal }), type: 3 });
        const wasNew = loaded.id === 0;
        load({ ...saved, offers: saved.offers ?? loaded.offers }, saved.id);
        void client.invalidateQueries({ queryKey: tourKey(saved.id) });
        void client.invalidateQueries({ queryKey: tourHistoryKey(saved.id) });
        void client.invalidateQueries({ queryKey: ['tours', 'manageList'] });
        if (wasNew) {
          allowLeave.current = true;
          navigate(`/tours/${saved.id}`, { replace: true });
        }
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 409) {
          setConflict(true);
          return;
        }
        const { first, general } = placeServerErrors(err, (key) => formPathOfServerField(key, getValues()), setError);
        setGeneralErrors(general);
        if (first) setTab(tabOfPath(first));
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
      notify({ title: kind === 'delete' ? t('deleted.title') : t('restored.title'), message: saved?.nameDisplay || saved?.nameInternal || '', type: 3 });
      setLoaded((prev) => (prev ? { ...prev, isDeleted: kind === 'delete', version: saved?.version ?? prev.version } : prev));
      void client.invalidateQueries({ queryKey: tourHistoryKey(id) });
      void client.invalidateQueries({ queryKey: ['tours', 'manageList'] });
    },
  });

  // Tabs with problems: errors on Basic (a badge with the list), a warning on Media, a marker elsewhere.
  const fieldErrors = collectErrors(errors);
  const errorTabs = tabsWithErrors(fieldErrors);
  const basicProblems = tabProblems(fieldErrors, 'basic', t('errors.links'));
  const itineraryProblems = tabProblems(fieldErrors, 'itinerary', t('errors.links'));
  const [photos, heroImageId, nameDisplay, nameInternal] = useWatch({ control, name: ['photos', 'heroImageId', 'nameDisplay', 'nameInternal'] });
  const warnings = mediaWarnings({ photoIds: photos ?? [], heroImageId: heroImageId ?? null }).map((w) => t(`media.${w}`));

  const title = id === 0 && !nameDisplay ? t('newTour') : nameDisplay || nameInternal || t('tourNumber', { id });
  useDocumentTitle(`${tShell('pages.tourEdit')} · ${title}`);

  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TOUR_TABS.length - 1;
    const next = e.key === 'ArrowDown' ? (index === last ? 0 : index + 1) : e.key === 'ArrowUp' ? (index === 0 ? last : index - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (next === null) return;
    e.preventDefault();
    const key = TOUR_TABS[next]!;
    setTab(key);
    tabRefs.current[key]?.focus();
  };

  // Enter in a one-line input never saves by accident; Save (or Ctrl+S) is explicit.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      if (!save.isPending) submit();
    }
  };

  const ready = !!loaded && loaded.id === id;
  const loadFailed = id > 0 && tour.isError && !notFound;

  return (
    <div className="page tour-edit" data-testid="tour-edit" onKeyDown={onKeyDown}>
      <div className="tour-edit__top">
        <Link to="/tours" className="tour-edit__back" data-testid="back-to-tours">
          ← {t('backToTours')}
        </Link>
      </div>
      <div className="page-header tour-edit__header">
        <div className="tour-edit__heading">
          <h1 className="page-title" data-testid="page-title">
            {title}
          </h1>
          {ready && loaded.id > 0 && <span className="tour-edit__id">#{loaded.id}</span>}
          {ready && loaded.isDeleted && (
            <span className="tour-badge tour-badge--deleted" data-testid="tour-deleted">
              {t('deletedBadge')}
            </span>
          )}
        </div>
        {ready && (
          <div className="tour-edit__actions">
            {isDirty && <span className="tour-edit__dirty">{t('unsaved')}</span>}
            {loaded.id > 0 &&
              (loaded.isDeleted ? (
                <Button label={t('restore')} onClick={() => setConfirm('restore')} busy={lifecycle.isPending} data-testid="tour-restore" />
              ) : (
                <Button variant="danger" label={t('delete')} onClick={() => setConfirm('delete')} busy={lifecycle.isPending} data-testid="tour-delete" />
              ))}
            <Button variant="primary" label={save.isPending ? t('saving') : t('save')} busy={save.isPending} onClick={submit} data-testid="tour-save" />
          </div>
        )}
      </div>

      {loadFailed ? (
        <div className="card tour-card" data-testid="tour-load-error">
          <FormMessage kind="error">{t('loadFailed', { message: tour.error instanceof Error ? tour.error.message : '' })}</FormMessage>
          <div>
            <Button onClick={() => void tour.refetch()} label={t('retry')} />
          </div>
        </div>
      ) : !ready ? (
        <div className="card tour-card tour-loading" role="status" data-testid="tour-loading">
          <span className="tbo-spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : (
        <FormProvider {...form}>
          <div className="tour-layout">
            <div className="tour-tabs" role="tablist" aria-orientation="vertical" aria-label={t('tabsLabel')}>
              {TOUR_TABS.map((key, index) => {
                const active = key === tab;
                const hasError = errorTabs.has(key);
                return (
                  <button
                    key={key}
                    ref={(el) => {
                      tabRefs.current[key] = el;
                    }}
                    type="button"
                    role="tab"
                    id={`tour-tab-${key}`}
                    aria-selected={active}
                    aria-controls="tour-tabpanel"
                    tabIndex={active ? 0 : -1}
                    className={cx('tour-tabs__tab', active && 'tour-tabs__tab--active', hasError && 'tour-tabs__tab--error')}
                    onClick={() => setTab(key)}
                    onKeyDown={(e) => onTabKey(e, index)}
                    data-testid={`tour-tab-${key}`}
                  >
                    <span className="tour-tabs__label">{t(`tabs.${key}`)}</span>
                    {key === 'basic' && basicProblems.length > 0 ? (
                      <span className="tour-tabs__badge tour-tabs__badge--error" title={basicProblems.join('\n')} data-testid="basic-error-badge">
                        {basicProblems.length}
                        <span className="tbo-sr-only"> {t('problems.title', { count: basicProblems.length })}: {basicProblems.join('; ')}</span>
                      </span>
                    ) : key === 'media' && warnings.length > 0 ? (
                      <span className="tour-tabs__badge tour-tabs__badge--warning" title={warnings.join('\n')} data-testid="media-warning-badge">
                        !<span className="tbo-sr-only"> {warnings.join('; ')}</span>
                      </span>
                    ) : hasError ? (
                      <span className="tour-tabs__dot" title={t('tabHasErrors')} data-testid={`tab-error-${key}`}>
                        <span className="tbo-sr-only">({t('tabHasErrors')})</span>
                      </span>
                    ) : null}
                  </button>
                );
              })}
            </div>
            <div className="card tour-card" role="tabpanel" id="tour-tabpanel" aria-labelledby={`tour-tab-${tab}`} data-testid="tour-form">
              <h2 className="tour-card__title">{t(`tabs.${tab}`)}</h2>
              {conflict && (
                <div className="tour-conflict" role="alert" data-testid="tour-conflict">
                  <FormMessage kind="warning">{t('conflict')}</FormMessage>
                  <Button onClick={() => void reload()} label={t('reload')} data-testid="tour-reload" />
                </div>
              )}
              {generalErrors.length > 0 && (
                <FormMessage kind="error" testId="tour-save-error">
                  {generalErrors.join(' ')}
                </FormMessage>
              )}
              {tab === 'basic' && <BasicTab defaults={defaults} problems={isSubmitted ? basicProblems : []} />}
              {tab === 'location' && <LocationTab />}
              {tab === 'terms' && <TermsTab defaults={defaults} />}
              {tab === 'media' && <MediaTab />}
              {tab === 'itinerary' && <ItineraryTab tourId={loaded.id} errors={itineraryProblems} />}
              {tab === 'faq' && <FaqTab defaults={defaults} tourId={loaded.id} />}
              {tab === 'seo' && <SeoTab />}
              {tab === 'tickets' && <TicketsTab tourId={loaded.id} offers={loaded.offers} />}
              {tab === 'history' && <HistoryTab tourId={loaded.id} />}
            </div>
          </div>
        </FormProvider>
      )}

      {confirm && (
        <ConfirmDialog
          title={confirm === 'delete' ? t('confirmDelete.title') : t('confirmRestore.title')}
          message={confirm === 'delete' ? t('confirmDelete.message') : t('confirmRestore.message')}
          confirmLabel={confirm === 'delete' ? t('delete') : t('restore')}
          cancelLabel={t('cancel')}
          danger={confirm === 'delete'}
          onConfirm={() => {
            lifecycle.mutate(confirm);
            setConfirm(null);
          }}
          onCancel={() => setConfirm(null)}
          testId="tour-confirm"
          confirmTestId="tour-confirm-yes"
          cancelTestId="tour-confirm-no"
        />
      )}
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          testId="tour-leave-dialog"
          title={t('leave.title')}
          message={t('leave.message')}
          confirmLabel={t('leave.leave')}
          cancelLabel={t('leave.stay')}
          danger
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
          confirmTestId="tour-confirm-yes"
          cancelTestId="tour-confirm-no"
        />
      )}
    </div>
  );
}
