import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { placeServerErrors } from '../../app/forms/server-errors';
import { ApiError } from '../../lib/api-client';
import { useUnsavedChangesGuard } from '../../ui/edit-page';
import { createBooking, newIdempotencyKey, type NewBookingPayload } from './api/create-booking';
import { getGroupInfo } from './api/get-group-info';
import { useOfferPrices } from './api/get-offer-price';
import { useInHouseGuests } from './api/list-in-house-guests';
import { useToursForNewBooking } from './api/list-tours-for-new-booking';
import type { InHouseGuest, NewBookingOffer } from './api/new-booking.schema';
import {
  blankBookingForm,
  bookingPayload,
  bookingProblems,
  canSave,
  chosen,
  guestEnabled,
  linkedAmount,
  onOfferChosen,
  onTourChosen,
  priceOf,
  reconcile,
  fieldOfServerField as fieldOfServer,
  focusTargetsOf,
  type BookingForm,
  type HotelChoice,
} from './booking-form.logic';
import { groupInfoFilled, guestChosen, guestFilled, guestUnlinked, type GuestFill } from './guest-link.logic';

/** The check of spec 02 §5 as a zod schema (react-hook-form's resolver); the chosen offer is read when it runs. */
function buildSchema(t: (key: string) => string, offerOf: () => NewBookingOffer | null) {
  return z.custom<BookingForm>().superRefine((v, ctx) => {
    for (const p of bookingProblems(v, offerOf())) ctx.addIssue({ code: 'custom', path: [p.path], message: t(`errors.${p.key}`) });
  });
}

/**
 * The add-booking page's state (spec 02 §4 Add booking flow): the form, the lists each step reads (tours of the
 * hotel and date, the offer's prices, the in-house guests), the automatic choices and resets, and the save: one
 * Idempotency-Key for the form's life, so a double click or a retry makes one booking; on success the booking's
 * confirmation page.
 */
export function useAddBooking() {
  const { t } = useTranslation('agent-booking-add');
  const navigate = useNavigate();
  const offerRef = useRef<NewBookingOffer | null>(null);
  const schema = useMemo(() => buildSchema((k) => t(k), () => offerRef.current), [t]);
  const resolver = useCallback<Resolver<BookingForm>>((values, context, options) => zodResolver(schema)(values, context, options), [schema]);
  const form = useForm<BookingForm>({ resolver, defaultValues: blankBookingForm(), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, getValues, setValue, setError, setFocus, clearErrors } = form;
  const values = useWatch({ control }) as BookingForm;
  const hotelId = values.hotel?.value ?? null;

  const tours = useToursForNewBooking(hotelId, values.date);
  const { tour, offer, slot } = chosen(values, tours.data);
  offerRef.current = offer;
  const prices = useOfferPrices(values.tourId, values.date);
  const price = priceOf(prices.data, values.offerId);
  const guestOpen = guestEnabled(offer, values.timeSlotId);
  const inHouse = useInHouseGuests(hotelId, values.date, guestOpen);

  const apply = useCallback(
    (patch: Partial<BookingForm>) => {
      for (const [name, value] of Object.entries(patch)) setValue(name as FieldPath<BookingForm>, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    },
    [setValue, form.formState.isSubmitted],
  );

  // The automatic choices and resets follow every change of the list or of a choice (booking-form.logic.ts).
  useEffect(() => {
    const patch = reconcile(getValues(), tours.data);
    if (Object.keys(patch).length) apply(patch);
  }, [tours.data, values.tourId, values.offerId, values.timeSlotId, values.date, values.children, values.infants, getValues, apply]);

  // What the chosen guest (and their group info) filled in: name, room and phones, as the guest left them. Another
  // hotel or date unlinks the guest and takes back only those of them the agent has not typed over since.
  const guestFill = useRef<GuestFill | null>(null);
  // A guest of the arrival lists belongs to one hotel and date: another choice unlinks them (guestUnlinked).
  const unlinkGuest = () => {
    apply(guestUnlinked(getValues(), guestFill.current));
    guestFill.current = null;
  };
  const chooseHotel = (hotel: HotelChoice | null) => {
    const same = (hotel?.value ?? null) === (getValues().hotel?.value ?? null);
    apply({ hotel, ...(hotel ? {} : onTourChosen(null)) });
    if (!same) unlinkGuest();
  };
  // The chosen day again (a click on it, Home on the first) changes nothing, so the guest stays linked.
  const chooseDate = (date: string) => {
    if (date === getValues().date) return;
    apply({ date });
    unlinkGuest();
  };
  const chooseTour = (tourId: number | null) => apply(onTourChosen(tourId));
  const chooseOffer = (offerId: number | null) => apply(onOfferChosen(offerId));
  const chooseSlot = (timeSlotId: number) => apply({ timeSlotId });

  // guestChosen() replaces the room and phones with the new guest's own, so none of the previous guest's carry over;
  // a group with info then brings its room and phones (without info there is nothing to ask for).
  const chooseGuest = (guest: InHouseGuest | null) => {
    apply(guestChosen(guest));
    guestFill.current = guest ? guestFilled(guest) : null;
    if (guest && hotelId !== null && guest.groupInfoId !== null) {
      const asked = guest.arrivalId;
      getGroupInfo(hotelId, guest.groupInfoId)
        .then((info) => {
          if (getValues().arrivalId !== asked) return;
          const added = groupInfoFilled(info, guest);
          apply(added);
          if (guestFill.current) guestFill.current = { ...guestFill.current, ...added };
        })
        // Spec 02 §7: the group's room and phones are used only when the call is ok.
        .catch(() => undefined);
    }
  };

  const rate = price?.prices.convRate;
  const setAmount = (field: 'paid' | 'paidOrig' | 'collect' | 'collectOrig', value: number | null) => apply({ [field]: value, ...linkedAmount(field, value, rate) });

  const idempotencyKey = useRef(newIdempotencyKey());
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  // A refusal ('Only 2 places left') is about the values it was made for: the next change of them takes it away.
  // '' when one just came: the values it was made for are taken on the render that shows it.
  const refusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (refusedFor.current === null) return;
    const now = JSON.stringify(values);
    if (refusedFor.current === '') refusedFor.current = now;
    if (refusedFor.current === now) return;
    refusedFor.current = null;
    setGeneralErrors([]);
    for (const [name, error] of Object.entries(form.formState.errors)) if (error?.type === 'server') clearErrors(name as FieldPath<BookingForm>);
  }, [values, form.formState.errors, clearErrors]);
  // The first wrong field of a refused save takes the focus after the render that marks it (aria-invalid, its message
  // as aria-describedby), so a screen reader reads the error with it, as the booking panel's forms do. A chooser or
  // counter by its selector (focusTargetsOf), a registered input through react-hook-form.
  const [focusAsked, setFocusAsked] = useState<{ path: FieldPath<BookingForm> } | null>(null);
  useEffect(() => {
    if (!focusAsked) return;
    const target = focusTargetsOf(focusAsked.path)
      ?.map((selector) => document.querySelector<HTMLElement>(selector))
      .find((el) => el !== null);
    if (target) target.focus();
    else setFocus(focusAsked.path);
  }, [focusAsked, setFocus]);
  const save = useMutation({ mutationFn: (payload: NewBookingPayload) => createBooking(payload, idempotencyKey.current) });
  // Leaving a half-filled booking asks first; not while the save runs, nor the move to the booking it made.
  const guard = useUnsavedChangesGuard({ isDirty: form.formState.isDirty, paused: save.isPending, draft: { form, ready: true } });

  const submit = () => {
    if (save.isPending) return;
    setGeneralErrors([]);
    clearErrors();
    void form.handleSubmit(
      (v) => {
        save.mutate(bookingPayload(v, slot), {
          onSuccess: (created) => {
            guard.allowNextLeave();
            void navigate(`/agent/bookings/details/${created.id}`, { state: { after: created.position ?? null } });
          },
          onError: (err) => {
            // The key was used for another body (a changed form after a lost answer): the next try gets a new one.
            if (err instanceof ApiError && err.code === 422) idempotencyKey.current = newIdempotencyKey();
            const { first, general } = placeServerErrors<BookingForm>(err, fieldOfServer, setError);
            setGeneralErrors(general.length ? general : [t('errors.refused')]);
            refusedFor.current = '';
            if (first) setFocusAsked({ path: first });
          },
        });
      },
      (errors) => {
        const first = Object.keys(errors)[0] as FieldPath<BookingForm> | undefined;
        if (first) setFocusAsked({ path: first });
      },
    )();
  };


  return {
    form,
    values,
    tours,
    tour,
    offer,
    slot,
    prices,
    price,
    inHouse,
    guestOpen,
    saveAllowed: canSave(offer, values.timeSlotId, values.guestName ?? ''),
    saving: save.isPending,
    guard,
    generalErrors,
    chooseHotel,
    chooseDate,
    chooseTour,
    chooseOffer,
    chooseSlot,
    chooseGuest,
    setAmount,
    submit,
  };
}

export type AddBooking = ReturnType<typeof useAddBooking>;
