// Presentation of numbers the backend computed. No statistics here: only formatting.

/** 0.8125 → "81.3%"; missing → "–". */
export function percent(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return `${(value * 100).toFixed(digits)}%`;
}

/** An interval as "74.0 – 88.1%". */
export function interval(low: number | null | undefined, high: number | null | undefined): string {
  if (low == null || high == null) return "–";
  return `${(low * 100).toFixed(1)} – ${(high * 100).toFixed(1)}%`;
}

/** A score with its standard error: "0.717 ± 0.033". */
export function withError(value: number, error: number, digits = 3): string {
  return `${value.toFixed(digits)} ± ${error.toFixed(digits)}`;
}

/** Background for an accuracy cell: from pale red (0) through pale yellow to green (1). */
export function heat(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return "transparent";
  const v = Math.min(1, Math.max(0, value));
  const hue = Math.round(v * 120);
  return `hsl(${hue} 70% ${92 - v * 18}%)`;
}

/** A duration for people: 42 → "42 s", 135 → "2 min 15 s", 4000 → "1 h 7 min". */
export function duration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return "–";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}

/** A stored UTC time for people: "2026-11-26T19:28:09.123Z" → "2026-11-26 19:28 UTC". */
export function utcTime(iso: string): string {
  const parts = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(iso);
  return parts ? `${parts[1]} ${parts[2]} UTC` : iso;
}
