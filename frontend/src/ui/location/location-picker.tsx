import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../common/button';
import { Field } from '../fields';
import { addTiles, followSize, L, markerIcon, wheelZoomOnFocus } from './leaflet-setup';
import {
  formatCoordinate,
  hasPoint,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_HEIGHT,
  MAP_SELECTED_ZOOM,
  normalizePoint,
  parseCoordinate,
  type Axis,
  type CoordinateError,
  type MapPoint,
} from './location.logic';
import './location.css';

export interface LocationPickerProps {
  value: MapPoint;
  onChange: (v: MapPoint) => void;
  /** Map height in px (default 400, spec 01 §9). */
  height?: number;
  disabled?: boolean;
}

interface AxisState {
  text: string;
  error: CoordinateError | null;
}

/**
 * A map point (spec 01 §2 Location details): a Leaflet map where a click sets the point and the marker can be
 * dragged, plus Latitude and Longitude inputs that can be typed, so it works without map tiles too.
 */
export function LocationPicker({ value, onChange, height = MAP_HEIGHT, disabled = false }: LocationPickerProps) {
  const { t } = useTranslation('tour-location');
  const ids = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;
  const disabledRef = useRef(disabled);
  disabledRef.current = disabled;
  /** The last point this picker reported: a value that differs came from outside, and the map goes to it. */
  const emitted = useRef<MapPoint>(value);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [axes, setAxes] = useState<Record<Axis, AxisState>>({
    lat: { text: formatCoordinate(value.lat), error: null },
    lng: { text: formatCoordinate(value.lng), error: null },
  });

  const emit = (next: MapPoint) => {
    emitted.current = next;
    onChangeRef.current(next);
  };

  // The map, once.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const start = valueRef.current;
    const map = L.map(el, {
      center: hasPoint(start) ? [start.lat, start.lng] : [MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng],
      zoom: MAP_DEFAULT_ZOOM,
      attributionControl: true,
    });
    addTiles(map, () => setTilesFailed(true));
    wheelZoomOnFocus(map);
    map.on('click', (e: L.LeafletMouseEvent) => {
      if (disabledRef.current) return;
      emit(normalizePoint(e.latlng.lat, e.latlng.lng));
    });
    mapRef.current = map;
    const stopFollowing = followSize(map, el);
    return () => {
      stopFollowing();
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, []);

  // The marker follows the value; a point from outside (another field, a reset) is brought into view.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const point = { lat: value.lat, lng: value.lng };
    if (!hasPoint(point)) {
      markerRef.current?.remove();
      markerRef.current = null;
    } else {
      let marker = markerRef.current;
      if (!marker) {
        marker = L.marker([point.lat, point.lng], { icon: markerIcon, draggable: !disabled, autoPan: true, keyboard: false, title: t('marker') });
        marker.on('dragend', () => {
          const ll = marker!.getLatLng();
          emit(normalizePoint(ll.lat, ll.lng));
        });
        marker.addTo(map);
        markerRef.current = marker;
      } else marker.setLatLng([point.lat, point.lng]);
      if (marker.dragging) {
        if (disabled) marker.dragging.disable();
        else marker.dragging.enable();
      }
      const fromOutside = emitted.current.lat !== point.lat || emitted.current.lng !== point.lng;
      if (fromOutside && !map.getBounds().contains([point.lat, point.lng])) map.setView([point.lat, point.lng], map.getZoom(), { animate: false });
    }
    emitted.current = point;
    // The texts follow a value that is not what they already say (map click, drag, outside change).
    setAxes((prev) => {
      const next = { ...prev };
      let changed = false;
      for (const axis of ['lat', 'lng'] as const) {
        const parsed = parseCoordinate(prev[axis].text, axis);
        if (parsed.value !== point[axis] || (prev[axis].error && point[axis] !== null && parsed.value === null)) {
          next[axis] = { text: formatCoordinate(point[axis]), error: null };
          changed = true;
        }
      }
      return changed ? next : prev;
    });
    // `t` only names the marker.
  }, [value.lat, value.lng, disabled]);

  const type = (axis: Axis, text: string) => {
    const parsed = parseCoordinate(text, axis);
    setAxes((prev) => ({ ...prev, [axis]: { text, error: parsed.error } }));
    if (parsed.error || parsed.incomplete) return;
    const current = valueRef.current;
    if (parsed.value === current[axis]) return;
    const next = { ...current, [axis]: parsed.value };
    emit(next);
    if (hasPoint(next)) mapRef.current?.setView([next.lat, next.lng], MAP_SELECTED_ZOOM, { animate: false });
  };

  const errorText = (axis: Axis, error: CoordinateError | null): string | undefined => {
    if (!error) return undefined;
    return error === 'range' ? t(axis === 'lat' ? 'latitudeRange' : 'longitudeRange') : t('notANumber');
  };

  const point = hasPoint(value);
  return (
    <div className="loc-picker" data-testid="location-picker">
      <div
        ref={containerRef}
        className={`loc-map${disabled ? ' loc-map--disabled' : ''}`}
        style={{ height }}
        role="application"
        aria-label={t(disabled ? 'mapLabelReadOnly' : 'mapLabel')}
        data-testid="location-map"
      />
      {tilesFailed && <p className="loc-note">{t('tilesFailed')}</p>}
      <div className="loc-coords">
        {(['lat', 'lng'] as const).map((axis) => (
          <Field key={axis} label={t(axis === 'lat' ? 'latitude' : 'longitude')} htmlFor={`${ids}-${axis}`} error={errorText(axis, axes[axis].error)}>
            <input
              id={`${ids}-${axis}`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className="tbo-input tbo-input--number"
              value={axes[axis].text}
              disabled={disabled}
              placeholder={axis === 'lat' ? '25.1972' : '55.2744'}
              aria-invalid={axes[axis].error ? true : undefined}
              onChange={(e) => type(axis, e.target.value)}
              onBlur={() => {
                // A half-typed '-' goes back to the value.
                const parsed = parseCoordinate(axes[axis].text, axis);
                if (parsed.incomplete) setAxes((prev) => ({ ...prev, [axis]: { text: formatCoordinate(valueRef.current[axis]), error: null } }));
              }}
            />
          </Field>
        ))}
        <Button
          className="loc-coords__clear"
          variant="ghost"
          icon="x"
          label={t('clear')}
          disabled={disabled || (value.lat === null && value.lng === null)}
          onClick={() => {
            setAxes({ lat: { text: '', error: null }, lng: { text: '', error: null } });
            emit({ lat: null, lng: null });
          }}
        />
      </div>
      <p className="loc-note loc-note--muted" aria-live="polite">
        {point ? t('pointSet', { latitude: value.lat, longitude: value.lng }) : t('noPoint')}
      </p>
    </div>
  );
}
