import type { MouseEvent } from 'react';

export interface PlotFence {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  radiusM: number;
  active?: boolean;
}
export interface PlotPoint {
  id: string | number;
  latitude: number;
  longitude: number;
  accuracyM?: number;
  tone: 'inside' | 'pending' | 'rejected' | 'me';
  label?: string;
}

/** Metres per degree of latitude, and of longitude at the equator (WGS84 means; fine at office scale). */
const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LNG = 111_320;
const SIZE = 300;
const TONES: Record<PlotPoint['tone'], string> = { inside: '#15803d', pending: '#d97706', rejected: '#b91c1c', me: '#0369a1' };

/** A round number of metres for the scale bar, about a quarter of the plot. */
function scaleBar(span: number): number {
  const target = span / 4;
  const p = 10 ** Math.floor(Math.log10(target));
  return [5, 2, 1].map((k) => k * p).find((v) => v <= target) ?? p;
}

/**
 * The attendance areas and punches on a plain SVG plot (no map tiles: the server may have no internet,
 * and a tile server would learn where employees are). A local flat projection around the plotted
 * points, north up, with a scale bar. `onPick` makes it clickable: it receives the clicked position.
 */
export function FencePlot({
  fences,
  points,
  onPick,
  title,
}: {
  fences: readonly PlotFence[];
  points: readonly PlotPoint[];
  onPick?: (p: { latitude: number; longitude: number }) => void;
  title: string;
}) {
  const all = [...fences, ...points];
  if (all.length === 0) return null;
  const lat0 = all.reduce((s, p) => s + p.latitude, 0) / all.length;
  const lng0 = all.reduce((s, p) => s + p.longitude, 0) / all.length;
  const kx = M_PER_DEG_LNG * Math.cos((lat0 * Math.PI) / 180);
  const toXY = (p: { latitude: number; longitude: number }) => ({
    x: (p.longitude - lng0) * kx,
    y: -(p.latitude - lat0) * M_PER_DEG_LAT,
  });
  const extents = [
    ...fences.map((f) => ({ ...toXY(f), r: f.radiusM })),
    ...points.map((p) => ({ ...toXY(p), r: Math.max(20, Math.min(p.accuracyM ?? 0, 2000)) })),
  ];
  const half = Math.max(60, ...extents.map((e) => Math.max(Math.abs(e.x) + e.r, Math.abs(e.y) + e.r))) * 1.1;
  const span = half * 2;
  const k = SIZE / span;
  const sx = (x: number) => (x + half) * k;
  const sy = (y: number) => (y + half) * k;
  const bar = scaleBar(span);

  const pick = (e: MouseEvent<SVGSVGElement>) => {
    if (!onPick) return;
    const box = e.currentTarget.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * span - half;
    const y = ((e.clientY - box.top) / box.height) * span - half;
    onPick({ latitude: Number((lat0 - y / M_PER_DEG_LAT).toFixed(6)), longitude: Number((lng0 + x / kx).toFixed(6)) });
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: clicking places a centre; keyboard users type it in the latitude and longitude fields
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      className={`aspect-square w-full max-w-sm rounded-md border border-slate-200 bg-slate-50 ${onPick ? 'cursor-crosshair' : ''}`}
      role="img"
      aria-label={title}
      onClick={pick}
      data-testid="fence-plot"
    >
      <title>{title}</title>
      {fences.map((f) => {
        const c = toXY(f);
        return (
          <g key={`f${f.id}`} opacity={f.active === false ? 0.4 : 1}>
            <circle cx={sx(c.x)} cy={sy(c.y)} r={f.radiusM * k} fill="#0ea5e933" stroke="#0284c7" strokeWidth={1.5} />
            <circle cx={sx(c.x)} cy={sy(c.y)} r={2} fill="#0284c7" />
            <text x={sx(c.x)} y={sy(c.y) - f.radiusM * k - 4} textAnchor="middle" fontSize={10} fill="#075985">
              {f.name}
            </text>
          </g>
        );
      })}
      {points.map((p) => {
        const c = toXY(p);
        return (
          <g key={`p${p.id}`}>
            {p.accuracyM ? (
              <circle cx={sx(c.x)} cy={sy(c.y)} r={Math.min(p.accuracyM, 2000) * k} fill={`${TONES[p.tone]}22`} stroke="none" />
            ) : null}
            <circle cx={sx(c.x)} cy={sy(c.y)} r={5} fill={TONES[p.tone]} stroke="white" strokeWidth={1.5}>
              {p.label ? <title>{p.label}</title> : null}
            </circle>
          </g>
        );
      })}
      <g>
        <line x1={10} y1={SIZE - 12} x2={10 + bar * k} y2={SIZE - 12} stroke="#334155" strokeWidth={2} />
        <text x={10} y={SIZE - 16} fontSize={10} fill="#334155">
          {bar >= 1000 ? `${bar / 1000} km` : `${bar} m`}
        </text>
        <text x={SIZE - 14} y={16} fontSize={11} fill="#334155" textAnchor="middle">
          N↑
        </text>
      </g>
    </svg>
  );
}
