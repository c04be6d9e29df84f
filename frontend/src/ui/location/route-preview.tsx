import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '../../app/catalog/tour.types';
import { addTiles, followSize, L, wheelZoomOnFocus } from './leaflet-setup';
import { MAP_HEIGHT, ROUTE_FIT_MAX_ZOOM, routePoints, type RoutePoint } from './location.logic';
import './location.css';

export interface RoutePreviewProps {
  stops: Stop[];
  /** Map height in px (default 400). */
  height?: number;
}

/** A read-only map of an itinerary: the stops that have a point, numbered, joined by a line in stop order. */
export function RoutePreview({ stops, height = MAP_HEIGHT }: RoutePreviewProps) {
  const { t } = useTranslation('tour-location');
  const points = useMemo(() => routePoints(stops), [stops]);
  if (points.length === 0) {
    return (
      <div className="loc-route-empty" data-testid="route-preview" data-points="0">
        {t('routeEmpty')}
      </div>
    );
  }
  return <RouteMap points={points} height={height} label={t('routeLabel', { count: points.length })} />;
}

function RouteMap({ points, height, label }: { points: RoutePoint[]; height: number; label: string }) {
  const { t } = useTranslation('tour-location');
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const boundsRef = useRef<L.LatLngBounds | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const map = L.map(el, { zoomControl: true, attributionControl: true, boxZoom: false });
    addTiles(map, () => setTilesFailed(true));
    wheelZoomOnFocus(map);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    const fit = () => {
      if (boundsRef.current) map.fitBounds(boundsRef.current, { padding: [28, 28], maxZoom: ROUTE_FIT_MAX_ZOOM, animate: false });
    };
    const stopFollowing = followSize(map, el, fit);
    return () => {
      stopFollowing();
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, []);

  // Redrawn (and refitted) only when a point, number or name changed, not on every keystroke elsewhere in the stops.
  const key = JSON.stringify(points.map((p) => [p.number, p.lat, p.lng, p.name]));
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    const latlngs = points.map((p) => L.latLng(p.lat, p.lng));
    if (latlngs.length > 1) L.polyline(latlngs, { color: '#0f4c5c', weight: 3, opacity: 0.8, dashArray: '6 6', interactive: false }).addTo(layer);
    for (const p of points) {
      const icon = L.divIcon({ className: 'loc-route-pin', html: `<span>${p.number}</span>`, iconSize: [26, 26], iconAnchor: [13, 13], tooltipAnchor: [14, 0] });
      const marker = L.marker([p.lat, p.lng], { icon, keyboard: false, title: '' });
      if (p.name.trim()) {
        // The name as text (a string would be read as HTML).
        const tip = document.createElement('span');
        tip.textContent = `${p.number}. ${p.name}`;
        marker.bindTooltip(tip, { direction: 'right' });
      }
      marker.addTo(layer);
    }
    boundsRef.current = L.latLngBounds(latlngs);
    map.fitBounds(boundsRef.current, { padding: [28, 28], maxZoom: ROUTE_FIT_MAX_ZOOM, animate: false });
    // `points` is read through `key`.
  }, [key]);

  return (
    <div className="loc-route" data-testid="route-preview" data-points={points.length}>
      <div ref={containerRef} className="loc-map" style={{ height }} role="img" aria-label={label} />
      {tilesFailed && <p className="loc-note">{t('tilesFailedRoute')}</p>}
    </div>
  );
}
