import './offers.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useController, useForm, useWatch, type Control, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { FormMessage } from '../../app/forms/field';
import { placeServerErrors } from '../../app/forms/server-errors';
import { notify } from '../../app/notifications/notifications';
import { useDocumentTitle } from '../../app/use-document-title';
import { ApiError } from '../../lib/api-client';
import { getSession } from '../../lib/auth-session';
import { parseRouteId } from '../../lib/route-id';
import { CancellationPolicyEditor } from '../../ui/cancellation-policy';
import { Button } from '../../ui/common/button';
import { ConfirmDialog } from '../../ui/common/confirm-dialog';
import { cx } from '../../ui/common/cx';
import { Field, MultiSelectField, NumberField, RichTextField, SelectField, TextField, Toggle, ToggleField } from '../../ui/fields';
import { PeopleCounter } from '../../ui/people-counter';
import { PhotoSelector } from '../../ui/photo-selector';
import { rememberTourPosition } from '../tours/api/tour.api';
import type { Tour } from '../tours/api/tour.types';
import { deleteOffer, offerHistoryKey, offerKey, restoreOffer, saveOffer, useAccountSettings, useCityOptions, useOffer, useTicketTypes, useTour } from './api/offers.api';
import type { Offer, SavedValidPeriod } from './api/offer.types';
import { blankOfferForm, BOOKING_TYPES, buildOfferSchema, formFieldOfServerField, toForm, toOfferBody, type OfferForm, type OfferMessageKey } from './edit/offer-form';
import { OfferHistory } from './history/offer-history';
import { replacePeriod, settingsOfAccount } from './valid-periods/period.logic';
import { ValidPeriods } from './valid-periods/valid-periods';

const RICH_TEXT_HEIGHT = 250;
const TABS = ['details', 'media', 'prices', 'history'] as const;
type OfferTab = (typeof TABS)[number];
const asTab = (v: string | null): OfferTab => (TABS as readonly string[]).includes(v ?? '') ? (v as OfferTab) : 'details';

/**
 * /tours/{tourId}/{ticketId} (spec 01 §2 Offer edit): 'add' (any case) is a new ticket. A tour id that cannot be
 * read goes to /tours, a ticket id that cannot be read to the tour.
 */
export function OfferEditPage() {
  const params = useParams();
  const tourId = parseRouteId(params.tourId);
  const offerId = parseRouteId(params.ticketId);
  if (!tourId) return <Navigate to="/tours" replace />;
  if (offerId === null) return <Navigate to={`/tours/${tourId}`} replace />;
  return <OfferEditor key={`${tourId}/${offerId}`} tourId={tourId} offerId={offerId} />;
}

const isNotFound = (err: unknown) => err instanceof ApiError && (err.code === 404 || err.code === 403 || err.code === 400);

function OfferEditor({ tourId, offerId }: { tourId: number; offerId: number }) {
  const { t } = useTranslation('offer-edit');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const isNew = offerId === 0;
  const requested = asTab(search.get('tab'));
  const tab: OfferTab = isNew && (requested === 'prices' || requested === 'history') ? 'details' : requested;
  const setTab = (next: OfferTab) => setSearch(next === 'details' ? {} : { tab: next }, { replace: true });

  const tour = useTour(tourId);
  const offer = useOffer(isNew ? null : offerId);
  const account = useAccountSettings();
  const accountSettings = useMemo(() => (account.data ? settingsOfAccount(account.data) : null), [account.data]);

  // Spec 01 §8: the server's not-found was already notified; leave to the list or the tour.
  useEffect(() => {
    if (tour.isError && isNotFound(tour.error)) navigate('/tours', { replace: true });
  }, [tour.isError, tour.error, navigate]);
  useEffect(() => {
    if (offer.isError && isNotFound(offer.error)) navigate(`/tours/${tourId}`, { replace: true });
  }, [offer.isError, offer.error, navigate, tourId]);
  // A ticket of another tour is not this tour's to manage.
  const foreign = !!offer.data && offer.data.tourId !== tourId;
  useEffect(() => {
    if (!foreign) return;
    notify({ title: t('notFound.title'), message: t('notFound.message'), type: 2 });
    navigate(`/tours/${tourId}`, { replace: true });
  }, [foreign, navigate, t, tourId]);

  const schema = useMemo(() => buildOfferSchema((key: OfferMessageKey) => t(key)), [t]);
  const form = useForm<OfferForm>({ resolver: zodResolver(schema), defaultValues: blankOfferForm(), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, handleSubmit, reset, setError, formState, getValues } = form;
  const base = useRef<Offer | null>(null);
  const [loaded, setLoaded] = useState(isNew);
  const [conflict, setConflict] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);

  const load = useCallback(
    (o: Offer) => {
      base.current = o;
      reset(toForm(o));
      setLoaded(true);
      setConflict(false);
      setGeneralErrors([]);
    },
    [reset],
  );
  useEffect(() => {
    if (offer.data && offer.data !== base.current && offer.data.tourId === tourId) load(offer.data);
  }, [offer.data, load, tourId]);

  // Warn before closing the window with unsaved changes.
  useEffect(() => {
    if (!formState.isDirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [formState.isDirty]);

  // Leaving the ticket with unsaved changes asks first (not our own moves: after a save, or a not-found).
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => formState.isDirty && !leaving.current && getSession().user !== null && currentLocation.pathname !== nextLocation.pathname,
  );

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

  /** The offer as the cache and the form should now hold it. */
  const remember = (o: Offer) => {
    const { position: _p, ...clean } = o;
    client.setQueryData(offerKey(o.id), clean);
    void client.invalidateQueries({ queryKey: offerHistoryKey(o.id) });
    tourChanged(o.tourId, o.position);
  };

  const onValid = (values: OfferForm) => {
    setConflict(false);
    setGeneralErrors([]);
    const body = toOfferBody(values, { id: offerId, tourId, version: base.current?.version ?? null, timeSlots: base.current?.timeSlots });
    save.mutate(body, {
      onSuccess: (saved) => {
        notify({ title: t('saved.title'), message: t('saved.message', { name: saved.nameInternal }), type: 3 });
        remember(saved);
        if (isNew) {
          leaving.current = true;
          navigate(`/tours/${tourId}/${saved.id}`, { replace: true });
        }
        else load(saved);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 409) {
          setConflict(true);
          return;
        }
        if (err instanceof ApiError && err.code === 404) notify({ title: err.title, message: err.message, type: 2 });
        const { first, general } = placeServerErrors(err, formFieldOfServerField, setError);
        setGeneralErrors(general);
        if (first) focusField(first);
      },
    });
  };

  const focusField = (path: FieldPath<OfferForm>) => {
    const onMedia = path === 'photos' || path === 'heroImageId';
    setTab(onMedia ? 'media' : 'details');
    requestAnimationFrame(() => {
      try {
        form.setFocus(path);
      } catch {
        /* not focusable */
      }
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
    const { version, position: _p, ...period } = saved;
    const next: Offer = { ...current, validPeriods: replacePeriod(current.validPeriods, period), version: version ?? current.version };
    base.current = next;
    client.setQueryData(offerKey(current.id), next);
    void client.invalidateQueries({ queryKey: offerHistoryKey(current.id) });
    tourChanged(current.tourId, saved.position);
  };

  const toggleDeleted = () => {
    const current = base.current;
    if (!current) return;
    if (!current.isDeleted && !window.confirm(t('confirmDelete'))) return;
    remove.mutate(current.isDeleted, {
      onSuccess: (o) => {
        notify({ title: o.isDeleted ? t('saved.deleted') : t('saved.restored'), message: o.nameInternal, type: 3 });
        const merged: Offer = { ...current, isDeleted: o.isDeleted, version: o.version };
        base.current = merged;
        client.setQueryData(offerKey(current.id), merged);
        void client.invalidateQueries({ queryKey: offerHistoryKey(current.id) });
        tourChanged(current.tourId, o.position);
      },
    });
  };

  const reloadOffer = async () => {
    const r = await offer.refetch();
    if (r.data) load(r.data);
  };

  // Enter in a one-line input must not save by accident; Save is explicit.
  const onFormKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
  };

  const tourName = tour.data ? tour.data.nameDisplay || tour.data.nameInternal : '';
  const offerName = offer.data?.nameInternal ?? '';
  useDocumentTitle(isNew ? `${t('titleNew')}${tourName ? ` · ${tourName}` : ''}` : `${t('title')} ${offerName}${tourName ? ` · ${tourName}` : ''}`);

  const loadError = (tour.isError && !isNotFound(tour.error) ? tour.error : null) ?? (offer.isError && !isNotFound(offer.error) ? offer.error : null);
  const ready = !!tour.data && loaded && !foreign;
  const deleted = !!base.current?.isDeleted;

  return (
    <div className="page offer-page" data-testid="offer-edit">
      <nav className="offer-links" aria-label={t('title')}>
        <Link to={`/tours/${tourId}`} className="offer-links__back" data-testid="back-to-tour">
          ← {t('backToTour')}
        </Link>
        <Link to={`/tours/${tourId}?tab=terms`} data-testid="tour-policy-link">
          {t('tourPolicyLink')}
        </Link>
        <Link to="/admin/defaultsettings" data-testid="default-policy-link">
          {t('defaultPolicyLink')}
        </Link>
      </nav>
      <div className="page-header offer-header">
        <div>
          <h1 className="page-title" data-testid="page-title">
            {isNew ? t('titleNew') : `${t('title')} ${offerName}`}
          </h1>
          {tourName && (
            <p className="page-subtitle" data-testid="offer-tour-name">
              {tourName}
            </p>
          )}
        </div>
        {!isNew && ready && (
          <Button variant={deleted ? 'default' : 'danger'} label={deleted ? t('actions.restore') : t('actions.delete')} busy={remove.isPending} onClick={toggleDeleted} data-testid={deleted ? 'offer-restore' : 'offer-delete'} />
        )}
      </div>
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title={t('leave.title')}
          message={t('leave.message')}
          confirmLabel={t('leave.leave')}
          cancelLabel={t('leave.stay')}
          danger
          cancelVariant="primary"
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
          testId="offer-leave-dialog"
          confirmTestId="offer-leave"
          cancelTestId="offer-stay"
        />
      )}
      {loadError ? (
        <div className="card" data-testid="offer-load-error">
          <FormMessage kind="error">{t('loadFailed', { message: loadError instanceof Error ? loadError.message : '' })}</FormMessage>
          <Button label={t('retry')} onClick={() => void Promise.all([tour.refetch(), offer.refetch()])} />
        </div>
      ) : !ready ? (
        <div className="card offer-loading" role="status" data-testid="offer-loading">
          <span className="tbo-spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : (
        <>
          {deleted && (
            <FormMessage kind="warning" testId="offer-deleted">
              {t('deleted')}
            </FormMessage>
          )}
          <div className="offer-tabs" role="tablist" aria-label={t('tabs.label')}>
            {TABS.map((key) => {
              const disabled = isNew && (key === 'prices' || key === 'history');
              return (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  id={`offer-tab-${key}`}
                  aria-selected={tab === key}
                  aria-controls="offer-tabpanel"
                  disabled={disabled}
                  title={disabled ? t('periods.saveOfferFirst') : undefined}
                  className={cx('offer-tabs__tab', tab === key && 'offer-tabs__tab--active')}
                  onClick={() => setTab(key)}
                  data-testid={`offer-tab-${key}`}
                >
                  {t(`tabs.${key}`)}
                </button>
              );
            })}
          </div>
          <div id="offer-tabpanel" role="tabpanel" aria-labelledby={`offer-tab-${tab}`} className="card offer-card">
            {(tab === 'details' || tab === 'media') && (
              <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} onKeyDown={onFormKeyDown} data-testid="offer-form">
                {conflict && (
                  <div className="offer-conflict" role="alert" data-testid="offer-conflict">
                    <FormMessage kind="warning">{t('conflict')}</FormMessage>
                    <Button label={t('actions.reload')} onClick={() => void reloadOffer()} data-testid="offer-reload" />
                  </div>
                )}
                {generalErrors.length > 0 && (
                  <FormMessage kind="error" testId="offer-save-error">
                    {generalErrors.join(' ')}
                  </FormMessage>
                )}
                {tab === 'details' ? <DetailsTab control={control} tour={tour.data} /> : <MediaTab control={control} />}
                <div className="offer-actions offer-actions--sticky">
                  {formState.isDirty && <span className="offer-actions__dirty">{t('actions.unsaved')}</span>}
                  <Button label={t('actions.discard')} disabled={!formState.isDirty || save.isPending} onClick={() => (base.current ? load(base.current) : reset(blankOfferForm()))} data-testid="offer-discard" />
                  <Button type="submit" variant="primary" label={save.isPending ? t('actions.saving') : t('actions.save')} busy={save.isPending} data-testid="offer-save" />
                </div>
              </form>
            )}
            {tab === 'prices' && base.current && (
              <ValidPeriods offerId={base.current.id} periods={base.current.validPeriods} account={accountSettings} offerAdvancePayment={getValues('minimumAdvancedPayment') ?? 0} onSaved={onSavedPeriod} />
            )}
            {tab === 'history' && base.current && <OfferHistory offerId={base.current.id} />}
          </div>
        </>
      )}
    </div>
  );
}

type FormControl = Control<OfferForm>;

function DetailsTab({ control, tour }: { control: FormControl; tour: Tour | undefined }) {
  const { t } = useTranslation('offer-edit');
  const cities = useCityOptions();
  const ticketTypes = useTicketTypes();
  const cityOptions = useMemo(() => (cities.data ?? []).map((o) => ({ value: Number(o.value), label: o.label })), [cities.data]);
  const ticketOptions = useMemo(() => (ticketTypes.data ?? []).map((tt) => ({ value: tt.id, label: tt.name })), [ticketTypes.data]);
  const bookingOptions = BOOKING_TYPES.map((b) => ({ value: b, label: t(`bookingTypes.${b}`) }));
  const ticketsRequired = useWatch({ control, name: 'isTicketsRequired' });
  const ticketPlaceholder = ticketTypes.isPending ? t('loadingOptions') : t('fields.ticketPlaceholder');
  return (
    <div className="offer-sections">
      <section className="offer-section" aria-labelledby="offer-basic">
        <h2 className="offer-section__title" id="offer-basic">
          {t('sections.basic')}
        </h2>
        <div className="offer-grid-fields">
          <TextField control={control} name="nameInternal" label={t('fields.nameInternal')} required maxLength={200} autoComplete="off" />
          <TextField control={control} name="nameDisplay" label={t('fields.nameDisplay')} required maxLength={200} autoComplete="off" />
          <MultiSelectField control={control} name="origin" label={t('fields.origin')} options={cityOptions} placeholder={cities.isPending ? t('loadingOptions') : t('fields.originPlaceholder')} />
          <SelectField control={control} name="bookingType" label={t('fields.bookingType')} options={bookingOptions} required />
        </div>
      </section>
      <section className="offer-section" aria-labelledby="offer-people">
        <h2 className="offer-section__title" id="offer-people">
          {t('sections.people')}
        </h2>
        <div className="offer-grid-fields">
          <CounterField control={control} name="minNumOfPeople" label={t('fields.minNumOfPeople')} />
          <CounterField control={control} name="maxNumOfPeople" label={t('fields.maxNumOfPeople')} />
          <NumberField control={control} name="numberOfHours" label={t('fields.numberOfHours')} required min={0} max={9999} decimals={2} />
          <NumberField control={control} name="minimumAdvancedPayment" label={t('fields.minimumAdvancedPayment')} min={0} max={999} decimals={2} suffix="%" />
        </div>
      </section>
      <section className="offer-section" aria-labelledby="offer-ages">
        <h2 className="offer-section__title" id="offer-ages">
          {t('sections.ages')}
        </h2>
        <div className="offer-grid-fields">
          <ToggleField control={control} name="childrenAllowed" label={t('fields.childrenAllowed')} />
          <NumberField control={control} name="childAge" label={t('fields.childAge')} required min={0} max={99} decimals={0} />
          <ToggleField control={control} name="infantsAllowed" label={t('fields.infantsAllowed')} />
          <NumberField control={control} name="infantAge" label={t('fields.infantAge')} required min={0} max={99} decimals={0} />
        </div>
      </section>
      <section className="offer-section" aria-labelledby="offer-tickets">
        <h2 className="offer-section__title" id="offer-tickets">
          {t('sections.tickets')}
        </h2>
        <div className="offer-grid-fields">
          <ToggleField control={control} name="isTicketsRequired" label={t('fields.isTicketsRequired')} />
        </div>
        {ticketsRequired && (
          <div className="offer-grid-fields" data-testid="ticket-types">
            <SelectField control={control} name="adultTicketTypeId" label={t('fields.adultTicket')} options={ticketOptions} placeholder={ticketPlaceholder} required />
            <SelectField control={control} name="childTicketTypeId" label={t('fields.childTicket')} options={ticketOptions} placeholder={ticketPlaceholder} required />
            <SelectField control={control} name="infantTicketTypeId" label={t('fields.infantTicket')} options={ticketOptions} placeholder={ticketPlaceholder} required />
          </div>
        )}
      </section>
      <section className="offer-section" aria-labelledby="offer-options">
        <h2 className="offer-section__title" id="offer-options">
          {t('sections.options')}
        </h2>
        <div className="offer-grid-fields">
          <ToggleField control={control} name="isDirectReporting" label={t('fields.isDirectReporting')} />
          <ToggleField control={control} name="allowDirectCollection" label={t('fields.allowDirectCollection')} />
          <ToggleField control={control} name="isAppendTransactionFeeB2b" label={t('fields.isAppendTransactionFeeB2b')} />
        </div>
      </section>
      <section className="offer-section" aria-labelledby="offer-texts">
        <h2 className="offer-section__title" id="offer-texts">
          {t('sections.texts')}
        </h2>
        <div className="offer-richtexts">
          <RichTextField control={control} name="description" label={t('fields.description')} height={RICH_TEXT_HEIGHT} />
          <RichTextField control={control} name="notesToClientsPostBooking" label={t('fields.notesToClientsPostBooking')} height={RICH_TEXT_HEIGHT} />
        </div>
      </section>
      <PolicySection control={control} tour={tour} />
      <section className="offer-section offer-section--disabled" aria-labelledby="offer-timeslots" aria-disabled="true" data-testid="offer-time-slots">
        <h2 className="offer-section__title" id="offer-timeslots">
          {t('sections.timeSlots')}
        </h2>
        <p className="offer-muted">{t('timeSlots.unavailable')}</p>
      </section>
    </div>
  );
}

/** Min or max people as a people counter (spec 01 §1), never below 1 once changed; the schema gives the message. */
function CounterField({ control, name, label }: { control: FormControl; name: 'minNumOfPeople' | 'maxNumOfPeople'; label: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field error={fieldState.error?.message} className="offer-counter" label={<span aria-hidden="true">{label}</span>} required>
      <div data-testid={`counter-${name}`}>
        <PeopleCounter label={label} value={field.value ?? 0} min={1} onChange={(n) => field.onChange(n)} />
      </div>
    </Field>
  );
}

function PolicySection({ control, tour }: { control: FormControl; tour: Tour | undefined }) {
  const { t } = useTranslation('offer-edit');
  const override = useController({ control, name: 'isOverrideTourCancellationPolicy' });
  const policy = useController({ control, name: 'cancellationPolicy' });
  const tourRows = tour?.cancellationPolicy ?? [];
  return (
    <section className="offer-section" aria-labelledby="offer-policy" data-testid="offer-policy">
      <h2 className="offer-section__title" id="offer-policy">
        {t('sections.policy')}
      </h2>
      <Field label={t('fields.isOverrideTourCancellationPolicy')} labelId="offer-override-label">
        <Toggle
          checked={!!override.field.value}
          labelledBy="offer-override-label"
          onChange={(on) => {
            override.field.onChange(on);
            // Start a custom policy from the tour's own.
            if (on && (policy.field.value ?? []).length === 0 && tourRows.length) policy.field.onChange(tourRows.map((r) => ({ hours: r.hours, percents: r.percents })));
          }}
        />
      </Field>
      {override.field.value ? (
        <CancellationPolicyEditor value={policy.field.value ?? []} onChange={(rows) => policy.field.onChange(rows)} ariaLabelledBy="offer-policy" testId="offer-cancellation-policy" />
      ) : (
        <div className="offer-policy-summary" data-testid="tour-policy-summary">
          <p>{t('policy.useTour')}</p>
          {tour?.isDefaultCancellationPolicy ? (
            <p className="offer-muted">
              {t('policy.tourUsesDefault')} <Link to="/admin/defaultsettings">{t('defaultPolicyLink')}</Link>
            </p>
          ) : tourRows.length ? (
            <p className="offer-muted">{t('policy.tourSummary', { summary: tourRows.map((r) => t('policy.row', { hours: r.hours, percents: r.percents })).join(', ') })}</p>
          ) : (
            <p className="offer-muted">{t('policy.tourNotRefundable')}</p>
          )}
        </div>
      )}
    </section>
  );
}


function MediaTab({ control }: { control: FormControl }) {
  const photos = useController({ control, name: 'photos' });
  const hero = useController({ control, name: 'heroImageId' });
  return (
    <PhotoSelector
      selectedIds={photos.field.value ?? []}
      heroImageId={hero.field.value ?? null}
      onChange={(sel) => {
        photos.field.onChange(sel.photoIds);
        hero.field.onChange(sel.heroImageId);
      }}
    />
  );
}
