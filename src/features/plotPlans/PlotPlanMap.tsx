/**
 * The plot plan map (SPEC §9): the plan's image on a Leaflet CRS.Simple map bounded 660 × 1020,
 * with permit markers and, for the work-location picker, one draggable pin. Leaflet and its CSS
 * come with this module only, which the app loads when a map is first shown (LazyPlotPlanMap).
 * Leaflet positions its panes through element.style (CSSOM), which the CSP allows; no inline
 * <style> or script is injected.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './plotPlanMap.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { clampToPlotPlan, PLOT_PLAN_BOUNDS, type PlotPlanPosition } from '../../../domain/plotPlans';
import type { Location } from '../../../schemas';

type PlotPlan = Location['PlotPlans'][number];

/** One permit on the map. */
export interface MapMarker {
  id: string;
  position: PlotPlanPosition;
  colour: string;
  /** The marker's accessible name (its title). */
  title: string;
  /** An isolation point (issue 36 §8) is a diamond: told from a permit's dot by its shape, not by colour alone. */
  shape?: 'diamond';
  /** A word drawn on the marker itself (stopped work, issue 37: "Suspended"), so it shows without hovering; its title says it too. */
  mark?: string;
}

/** Two clashing permits' markers joined (SIMOPS, issue 38), dashed for a review, solid for a block. */
export interface ClashLine {
  id: string;
  from: PlotPlanPosition;
  to: PlotPlanPosition;
  block: boolean;
  /** What the line means in words: its tooltip, since a line's colour or dash alone says nothing to many. */
  title: string;
}

/** The picker's pin: where the work location is, and what to do when the user moves it. */
export interface MapPin {
  position: PlotPlanPosition;
  colour: string;
  onMove(position: PlotPlanPosition): void;
}

export interface PlotPlanMapProps {
  /** An object URL of the plan's image (the image is fetched with the user's token, so Leaflet cannot load it by path). */
  imageUrl: string;
  plan: PlotPlan;
  /** The map region's accessible name. */
  label: string;
  className?: string;
  markers?: readonly MapMarker[];
  /** The popup's content for a marker. */
  popup?: (id: string) => ReactNode;
  pin?: MapPin;
  clashLines?: readonly ClashLine[];
  /** The separation around a marker, in map units, drawn while its popup is open (0: none). */
  separationOf?: (id: string) => number;
  /** A tap on the plan picks that point (an administrator measuring its scale). */
  onPick?: (position: PlotPlanPosition) => void;
}

const dotIcon = (colour: string, size: number, className: string, mark?: string) => {
  const dot = document.createElement('span');
  dot.className = 'op-marker-dot';
  dot.style.backgroundColor = colour;
  if (mark) {
    // Hidden from screen readers: the marker's title, its accessible name, says it already; as the
    // marker's text it would replace that name.
    const label = document.createElement('span');
    label.className = 'op-marker-mark';
    label.textContent = mark;
    label.setAttribute('aria-hidden', 'true');
    dot.append(label);
  }
  return L.divIcon({ className: mark ? `${className} op-marker-marked` : className, html: dot, iconSize: [size, size], iconAnchor: [size / 2, size / 2], popupAnchor: [0, -size / 2] });
};

/** The icon of a marker of another shape than the permits' round dot. */
const shaped = (icon: L.DivIcon, shape: MapMarker['shape']) => {
  if (shape === 'diamond') {
    const dot = icon.options.html as HTMLElement;
    dot.style.borderRadius = '2px';
    dot.style.transform = 'rotate(45deg) scale(0.85)';
  }
  return icon;
};

const toPosition = (latLng: L.LatLng): PlotPlanPosition => clampToPlotPlan([latLng.lat, latLng.lng]);

export default function PlotPlanMap({ imageUrl, plan, label, className, markers, popup, pin, clashLines, separationOf, onPick }: PlotPlanMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  // One popup for the map; its content is rendered by React into this element.
  const [popupBox] = useState(() => document.createElement('div'));
  const [openId, setOpenId] = useState<string | null>(null);
  const popupLayer = useRef<L.Popup | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Leaflet focuses its container on mousedown and undoes the scroll that causes on the window
    // only; the app scrolls its main element, so the map would jump under the pointer and the
    // click land beside the marker. Focused first without scrolling, Leaflet leaves it be.
    const focusInPlace = () => element.focus({ preventScroll: true });
    element.addEventListener('mousedown', focusInPlace, { capture: true });
    const created = L.map(element, { crs: L.CRS.Simple, attributionControl: false, zoomSnap: 0.25, maxBoundsViscosity: 0.8 });
    created.getContainer().classList.add('op-plot-plan');
    L.imageOverlay(imageUrl, PLOT_PLAN_BOUNDS, { alt: label }).addTo(created);
    created.setMaxBounds(L.latLngBounds(PLOT_PLAN_BOUNDS).pad(0.25));
    // The whole sheet in view, within the plan's zoom limits (PlotPlans Minimum/Maximum) widened
    // so it always fits; a margin, so a marker on the edge (the pin starts at 0, 0) is whole.
    const fitSheet = () => {
      // A box not laid out yet (a dialog still opening) has no zoom that fits: Leaflet would get NaN.
      if (element.clientWidth === 0 || element.clientHeight === 0) return;
      created.invalidateSize();
      const fit = created.getBoundsZoom(PLOT_PLAN_BOUNDS, false, L.point(28, 28));
      created.setMinZoom(Math.min(plan.Minimum, fit));
      created.setMaxZoom(Math.max(plan.Maximum, fit));
      created.fitBounds(PLOT_PLAN_BOUNDS, { padding: [14, 14], animate: false });
    };
    fitSheet();
    popupLayer.current = L.popup({ minWidth: 220 }).setContent(popupBox);
    popupLayer.current.on('remove', () => setOpenId(null));
    setMap(created);
    // The box changes size as a dialog opens, the menu folds or a tablet turns: the sheet is fitted again.
    const resize = new ResizeObserver(fitSheet);
    resize.observe(element);
    return () => {
      element.removeEventListener('mousedown', focusInPlace, { capture: true });
      resize.disconnect();
      created.remove();
      setMap(null);
    };
  }, [imageUrl, plan.Minimum, plan.Maximum, label, popupBox]);

  useEffect(() => {
    if (!map || !markers) return;
    const layer = L.layerGroup(
      markers.map((m) =>
        L.marker(m.position, { icon: shaped(dotIcon(m.colour, 18, 'op-marker', m.mark), m.shape), title: m.title, riseOnHover: true }).on('click', () => {
          setOpenId(m.id);
          popupLayer.current?.setLatLng(m.position).openOn(map);
        }),
      ),
    ).addTo(map);
    return () => void layer.remove();
  }, [map, markers]);

  useEffect(() => {
    if (!map || !clashLines?.length) return;
    const layer = L.layerGroup(
      clashLines.map((line) =>
        L.polyline([line.from, line.to], {
          className: `op-simops-line ${line.block ? 'op-simops-block' : 'op-simops-review'}`,
          color: line.block ? '#c50f1f' : '#bc4b09',
          weight: 3,
          dashArray: line.block ? undefined : '8 6',
          interactive: true,
        }).bindTooltip(line.title, { sticky: true }),
      ),
    ).addTo(map);
    return () => void layer.remove();
  }, [map, clashLines]);

  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  const picking = onPick !== undefined;
  useEffect(() => {
    if (!map || !picking) return;
    const onClick = (event: L.LeafletMouseEvent) => pick.current?.(toPosition(event.latlng));
    map.on('click', onClick);
    return () => void map.off('click', onClick);
  }, [map, picking]);

  const selected = openId === null ? undefined : markers?.find((m) => m.id === openId);
  const radius = selected && separationOf ? separationOf(selected.id) : 0;
  const [selectedLat, selectedLng] = selected?.position ?? [0, 0];
  useEffect(() => {
    if (!map || radius <= 0) return;
    const circle = L.circle([selectedLat, selectedLng], { radius, className: 'op-simops-circle', color: '#0f6cbd', weight: 2, fillOpacity: 0.08, interactive: false }).addTo(map);
    return () => void circle.remove();
  }, [map, radius, selectedLat, selectedLng]);

  // The popup was sized before React filled it: fit it to its content once rendered.
  useEffect(() => {
    if (openId !== null) popupLayer.current?.update();
  }, [openId]);

  // The latest handler, read when the pin moves: a new function each render must not rebuild the pin.
  const onMove = useRef(pin?.onMove);
  useEffect(() => {
    onMove.current = pin?.onMove;
  });
  const pinLayer = useRef<L.Marker | null>(null);
  const pinColour = pin?.colour;
  const hasPin = pin !== undefined;
  useEffect(() => {
    if (!map || !hasPin || !pinColour) return;
    const marker = L.marker([0, 0], { icon: dotIcon(pinColour, 28, 'op-marker op-marker-pin'), draggable: true, autoPan: true, title: 'Work location marker' });
    marker.on('dragend', () => onMove.current?.(toPosition(marker.getLatLng())));
    // A tap on the plan moves the pin there: easier than a drag on a small screen.
    const onClick = (event: L.LeafletMouseEvent) => onMove.current?.(toPosition(event.latlng));
    map.on('click', onClick);
    pinLayer.current = marker.addTo(map);
    return () => {
      map.off('click', onClick);
      marker.remove();
      pinLayer.current = null;
    };
  }, [map, hasPin, pinColour]);
  const [pinLat, pinLng] = pin?.position ?? [0, 0];
  useEffect(() => {
    pinLayer.current?.setLatLng([pinLat, pinLng]);
  }, [map, hasPin, pinColour, pinLat, pinLng]);

  return (
    <>
      <div ref={box} className={className} role="region" aria-label={label} />
      {openId !== null && popup ? createPortal(popup(openId), popupBox) : null}
    </>
  );
}
