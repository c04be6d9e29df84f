import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { photoIdsOfHistory, usePhotoTitles } from '../../../app/catalog/photo-titles';
import { FormMessage } from '../../../app/forms/field';
import { useCityOptions } from '../../../app/reference/reference-options';
import { Button } from '../../../ui/common/button';
import { HistoryTable, historyRows, useHistoryWords } from '../../../ui/history';
import { useTour } from '../api/get-tour';
import { useOfferHistory } from '../api/list-offer-history';
import { useTicketTypes } from '../api/list-ticket-types';
import { useTimeSlotOptions } from '../api/list-time-slot-options';
import { describeField, offerHistoryFormat, timeSlotNames, type FieldName } from './history.logic';
import { OfferSection } from '../offer-section';

/** The offer's history (GET /api/offers/{id}/history) in the shared history table: names, not ids; newest first. */
export function OfferHistory({ offerId }: { offerId: number }) {
  const { t } = useTranslation('offer-edit');
  const words = useHistoryWords();
  const history = useOfferHistory(offerId, true);
  const cities = useCityOptions();
  const ticketTypes = useTicketTypes();
  const timeSlots = useTimeSlotOptions();
  const photos = usePhotoTitles(photoIdsOfHistory(history.data));
  const tourId = history.data?.flatMap((e) => e.changes).find((c) => c.field === 'tourId')?.after;
  const tour = useTour(typeof tourId === 'number' ? tourId : null);

  const rows = useMemo(() => {
    const tours = tour.data ? [{ value: tour.data.id, label: tour.data.nameDisplay || tour.data.nameInternal }] : undefined;
    const types = ticketTypes.data?.map((x) => ({ value: x.id, label: x.name }));
    const format = offerHistoryFormat(words, { cities: cities.data, ticketTypes: types, photos: photos.data, tours, timeSlots: timeSlotNames(timeSlots.data), label: (key) => t(key) });
    return historyRows(history.data ?? [], { format, isCreated: (e) => e === 'OfferCreated' });
  }, [history.data, words, cities.data, ticketTypes.data, photos.data, tour.data, timeSlots.data, t]);

  const kindLabel = (k: string) => t(`periods.${k}`);
  const label = (f: FieldName): string => {
    if (f.price) return t('periods.cellLabel', { kind: kindLabel(f.price.kind), side: t(f.price.side === 'rec' ? 'periods.recommended' : 'periods.net'), variant: t(`periods.${f.price.variant}`) });
    if (f.commission) return t('periods.commissionLabel', { kind: kindLabel(f.commission) });
    const known: Record<string, string> = { periodStart: 'periods.start', periodEnd: 'periods.end', minimumAdvancedPayment: 'fields.minimumAdvancedPayment' };
    return t(known[f.name] ?? `fields.${f.name}`, { defaultValue: t(`history.fields.${f.name}`, { defaultValue: f.name }) });
  };
  const fieldLabel = (field: string) => {
    const f = describeField(field);
    return f.periodId ? t('history.period', { id: f.periodId, field: label(f) }) : label(f);
  };
  const eventLabel = (e: string) => t(`history.events.${e}`, { defaultValue: e });

  return (
    <OfferSection headingId="offer-history-title" testId="offer-history" title={t('history.title')} actions={<Button icon="refresh" label={t('actions.reload')} onClick={() => void history.refetch()} busy={history.isFetching} data-testid="history-reload" />}>
      {history.isPending ? (
        <p className="offer-loading" role="status">
          <span className="tbo-spinner" aria-hidden="true" /> {t('history.loading')}
        </p>
      ) : history.isError ? (
        <FormMessage kind="error">{history.error instanceof Error ? history.error.message : String(history.error)}</FormMessage>
      ) : (
        <HistoryTable rows={rows} fieldLabel={fieldLabel} eventLabel={eventLabel} />
      )}
    </OfferSection>
  );
}
