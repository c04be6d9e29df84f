import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../common/button';
import { Icon } from '../common/icons';
import { Field, RichTextEditor, TextInput, TimeInput } from '../fields';
import { LocationPicker } from '../location/location-picker';
import type { StopDraft } from './itinerary.logic';

/** Height of a stop's map in the popup and of its description editor. */
export const STOP_MAP_HEIGHT = 260;
export const STOP_DESCRIPTION_HEIGHT = 140;

export interface StopEditorProps {
  stop: StopDraft;
  /** 1-based position. */
  number: number;
  count: number;
  nameError: boolean;
  autoFocus?: boolean;
  onChange: (patch: Partial<StopDraft>) => void;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}

/** One stop of the itinerary popup: name, times, address, description and (folded away) its map point. */
export function StopEditor({ stop, number, count, nameError, autoFocus, onChange, onMove, onDelete }: StopEditorProps) {
  const { t } = useTranslation('tour-itinerary');
  const id = useId();
  const [mapOpen, setMapOpen] = useState(false);
  const hasPoint = stop.lat !== null && stop.lng !== null;
  const title = t('stopTitle', { number });
  return (
    <section className="itin-stop" aria-labelledby={`${id}-title`} data-testid="itinerary-stop" data-index={number}>
      <header className="itin-stop__head">
        <span className="itin-num" aria-hidden="true">
          {number}
        </span>
        <h3 className="itin-stop__title" id={`${id}-title`}>
          {stop.name.trim() ? `${title}: ${stop.name.trim()}` : title}
        </h3>
        <div className="itin-actions">
          <Button size="sm" variant="ghost" iconOnly icon="arrowUp" label={t('stopMoveUp', { number })} disabled={number === 1} onClick={() => onMove(-1)} />
          <Button size="sm" variant="ghost" iconOnly icon="arrowDown" label={t('stopMoveDown', { number })} disabled={number === count} onClick={() => onMove(1)} />
          <Button size="sm" variant="ghost" iconOnly icon="x" label={t('stopDelete', { number })} className="itin-danger" onClick={onDelete} />
        </div>
      </header>
      <div className="itin-stop__grid">
        <Field label={t('stopName')} required htmlFor={`${id}-name`} error={nameError ? t('stopNameRequired') : undefined} className="itin-span-2">
          <TextInput id={`${id}-name`} value={stop.name} invalid={nameError} autoFocus={autoFocus} maxLength={200} onChange={(name) => onChange({ name })} />
        </Field>
        <Field label={t('time')} htmlFor={`${id}-time`}>
          <TimeInput id={`${id}-time`} value={stop.timeText} onChange={(timeText) => onChange({ timeText })} />
        </Field>
        <Field label={t('timeEnd')} htmlFor={`${id}-time-end`}>
          <TimeInput id={`${id}-time-end`} value={stop.timeEndText} onChange={(timeEndText) => onChange({ timeEndText })} />
        </Field>
        <Field label={t('address')} htmlFor={`${id}-address`} className="itin-span-2">
          <TextInput id={`${id}-address`} value={stop.address} maxLength={500} onChange={(address) => onChange({ address })} />
        </Field>
        <Field label={t('description')} labelId={`${id}-description`} className="itin-span-2">
          <RichTextEditor value={stop.description} height={STOP_DESCRIPTION_HEIGHT} ariaLabelledBy={`${id}-description`} onChange={(description) => onChange({ description })} />
        </Field>
        <div className="itin-span-2 itin-stop__map">
          <button type="button" className="itin-fold" aria-expanded={mapOpen} aria-controls={`${id}-map`} onClick={() => setMapOpen((o) => !o)}>
            <Icon name={mapOpen ? 'chevronDown' : 'chevronRight'} size={15} />
            <span className="itin-fold__label">{t('mapPoint')}</span>
            <span className={`itin-fold__value${hasPoint ? '' : ' itin-fold__value--empty'}`}>{hasPoint ? `${stop.lat}, ${stop.lng}` : t('noMapPoint')}</span>
          </button>
          {mapOpen && (
            <div id={`${id}-map`} className="itin-stop__picker">
              <LocationPicker value={{ lat: stop.lat, lng: stop.lng }} height={STOP_MAP_HEIGHT} onChange={(p) => onChange({ lat: p.lat, lng: p.lng })} />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
