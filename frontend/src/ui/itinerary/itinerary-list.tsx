import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../common/button';
import type { Itinerary } from '../../app/catalog/tour.types';
import { ItineraryDialog } from './itinerary-dialog';
import { moveItem, reindex, removeItem } from './itinerary.logic';
import './itinerary.css';

export interface ItineraryListProps {
  value: Itinerary[];
  onChange: (list: Itinerary[]) => void;
  tourId: number;
}

type Editing = { mode: 'add' } | { mode: 'edit'; at: number } | null;

/**
 * The Itinerary tab (spec 01 §2): the tour's itineraries with their stop counts; add, edit (in a popup), delete and
 * move up or down, re-indexed from 1.
 */
export function ItineraryList({ value, onChange, tourId }: ItineraryListProps) {
  const { t } = useTranslation('tour-itinerary');
  const [editing, setEditing] = useState<Editing>(null);
  const list = value ?? [];
  const current = editing?.mode === 'edit' ? (list[editing.at] ?? null) : null;

  return (
    <div className="itin-list-wrap" data-testid="itinerary-list">
      <div className="itin-list-head">
        <span className="itin-count">{t('itineraryCount', { count: list.length })}</span>
        <Button variant="primary" icon="plus" label={t('add')} onClick={() => setEditing({ mode: 'add' })} />
      </div>
      {list.length === 0 ? (
        <p className="itin-empty">{t('empty')}</p>
      ) : (
        <ol className="itin-list">
          {list.map((it, i) => {
            const name = it.name?.trim() || t('unnamed');
            return (
              <li key={it.guid || `${it.id}-${i}`} className="itin-row" data-testid="itinerary-row" data-index={it.index}>
                <span className="itin-num" aria-hidden="true">
                  {i + 1}
                </span>
                <div className="itin-row__text">
                  <button type="button" className="itin-row__name" onClick={() => setEditing({ mode: 'edit', at: i })}>
                    {name}
                  </button>
                  <span className={`itin-row__stops${it.stops.length === 0 ? ' itin-row__stops--none' : ''}`}>
                    {it.stops.length === 0 ? t('noStops') : t('stopCount', { count: it.stops.length })}
                  </span>
                </div>
                <div className="itin-actions">
                  <Button size="sm" variant="ghost" iconOnly icon="arrowUp" label={t('moveUp', { name })} disabled={i === 0} onClick={() => onChange(moveItem(list, i, -1))} />
                  <Button size="sm" variant="ghost" iconOnly icon="arrowDown" label={t('moveDown', { name })} disabled={i === list.length - 1} onClick={() => onChange(moveItem(list, i, 1))} />
                  <Button size="sm" variant="ghost" iconOnly icon="pencil" label={t('edit', { name })} onClick={() => setEditing({ mode: 'edit', at: i })} />
                  <Button size="sm" variant="ghost" iconOnly icon="x" className="itin-danger" label={t('delete', { name })} onClick={() => onChange(removeItem(list, i))} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {editing && (editing.mode === 'add' || current) && (
        <ItineraryDialog
          itinerary={current}
          base={current ? { id: current.id, guid: current.guid, index: current.index, tourId: current.tourId || tourId } : { id: 0, guid: '', index: list.length + 1, tourId }}
          onCancel={() => setEditing(null)}
          onSave={(saved) => {
            onChange(reindex(editing.mode === 'add' ? [...list, saved] : list.map((x, i) => (i === editing.at ? saved : x))));
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
