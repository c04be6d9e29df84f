import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../common/button';
import { Icon } from '../common/icons';
import { Field, TextInput } from '../fields';
import type { Itinerary } from '../../app/catalog/tour.types';
import { RoutePreview } from '../location/route-preview';
import { Dialog } from './dialog';
import { emptyStop, fromDraft, moveItem, needsStopWarning, removeItem, toDraft, validateDraft, type ItineraryDraft, type StopDraft } from './itinerary.logic';
import { StopEditor } from './stop-editor';

/** Height of the route preview in the popup. */
export const POPUP_ROUTE_HEIGHT = 240;

export interface ItineraryDialogProps {
  /** The itinerary being edited; null adds one. */
  itinerary: Itinerary | null;
  /** Where a new one goes and who owns it. */
  base: { id: number; guid: string; index: number; tourId: number };
  onSave: (itinerary: Itinerary) => void;
  onCancel: () => void;
}

/** The Itinerary popup (spec 01 §2): a name and its stops; Save validates, Cancel and Escape leave everything as it was. */
export function ItineraryDialog({ itinerary, base, onSave, onCancel }: ItineraryDialogProps) {
  const { t } = useTranslation('tour-itinerary');
  const [draft, setDraft] = useState<ItineraryDraft>(() => toDraft(itinerary));
  const [tried, setTried] = useState(false);
  const [focusStop, setFocusStop] = useState<string | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const errors = useMemo(() => validateDraft(draft), [draft]);
  const preview = useMemo(() => fromDraft(draft, base, () => '').stops, [draft, base]);
  const isNew = itinerary === null;

  const setStops = (stops: StopDraft[]) => setDraft((d) => ({ ...d, stops }));
  const patchStop = (i: number, patch: Partial<StopDraft>) => setDraft((d) => ({ ...d, stops: d.stops.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));
  // The draft keeps no index: its order is the index. moveItem/removeItem work on indexed items.
  const indexed = draft.stops.map((s, i) => ({ ...s, index: i + 1 }));
  const strip = (list: (StopDraft & { index: number })[]): StopDraft[] => list.map(({ index: _index, ...s }) => s);

  const save = () => {
    setTried(true);
    if (errors.any) {
      requestAnimationFrame(() => bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onSave(fromDraft(draft, base));
  };

  return (
    <Dialog labelledBy="itin-dialog-title" onCancel={onCancel} className="itin-dialog--wide" testId="itinerary-dialog" initialFocus="#itin-name">
      <header className="itin-dialog__head">
        <h2 className="itin-dialog__title" id="itin-dialog-title">
          {isNew ? t('addTitle') : t('editTitle')}
        </h2>
        <Button variant="ghost" iconOnly icon="x" label={t('close')} onClick={onCancel} />
      </header>
      <div className="itin-dialog__body" ref={bodyRef}>
        <div className="itin-dialog__main">
          <Field label={t('name')} required htmlFor="itin-name" error={tried && errors.name ? t('nameRequired') : undefined}>
            <TextInput id="itin-name" value={draft.name} invalid={tried && errors.name} maxLength={200} onChange={(name) => setDraft((d) => ({ ...d, name }))} />
          </Field>
          <div className="itin-stops-head">
            <h3 className="itin-stops-head__title">{t('stops')}</h3>
            <span className="itin-count">{t('stopCount', { count: draft.stops.length })}</span>
          </div>
          {needsStopWarning(draft) && (
            <div className="itin-warning" role="status" data-testid="itinerary-no-stops">
              <Icon name="info" size={15} />
              <span>{t('noStopsWarning')}</span>
            </div>
          )}
          <div className="itin-stops">
            {draft.stops.map((stop, i) => (
              <StopEditor
                key={stop.guid}
                stop={stop}
                number={i + 1}
                count={draft.stops.length}
                nameError={tried && !!errors.stopNames[i]}
                autoFocus={focusStop === stop.guid}
                onChange={(patch) => patchStop(i, patch)}
                onMove={(direction) => setStops(strip(moveItem(indexed, i, direction)))}
                onDelete={() => setStops(strip(removeItem(indexed, i)))}
              />
            ))}
          </div>
          <div>
            <Button
              icon="plus"
              label={t('addStop')}
              onClick={() => {
                const stop = emptyStop();
                setFocusStop(stop.guid);
                setStops([...draft.stops, stop]);
              }}
            />
          </div>
        </div>
        <aside className="itin-dialog__side" aria-label={t('route')}>
          <h3 className="itin-stops-head__title">{t('route')}</h3>
          <RoutePreview stops={preview} height={POPUP_ROUTE_HEIGHT} />
        </aside>
      </div>
      <footer className="itin-dialog__foot">
        {tried && errors.any && (
          <span className="itin-foot-error" role="alert">
            {t('fixErrors')}
          </span>
        )}
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button variant="primary" icon="check" label={t('save')} onClick={save} />
      </footer>
    </Dialog>
  );
}
