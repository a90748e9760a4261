/**
 * Pure rules of live attendance (issue 21 part 2): distance on the Earth and which fence a position
 * falls in. Browser-safe, so the phone shows the same distance the server decides on.
 */

/** Mean Earth radius (IUGG, metres): the haversine formula's sphere. Error vs WGS84 < 0.5 %. */
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two WGS84 points by the haversine formula, in whole metres (rounded). */
export function haversineMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

export interface FenceLike {
  id: number;
  latitude: number;
  longitude: number;
  radiusM: number;
}

export interface FenceMatch<F extends FenceLike> {
  fence: F;
  /** Metres from the fence's centre. */
  distanceM: number;
  inside: boolean;
}

/**
 * The fence a position belongs to: one it is inside (the nearest centre among those), else the one whose
 * edge is nearest. Inside means distance ≤ radius; the reported accuracy does not widen a fence (a
 * ±500 m fix next to a 100 m fence is not proof of presence) — the accuracy limit refuses such fixes.
 * Null when there is no fence.
 */
export function matchFence<F extends FenceLike>(
  point: { latitude: number; longitude: number },
  fences: readonly F[],
): FenceMatch<F> | null {
  let best: FenceMatch<F> | null = null;
  for (const fence of fences) {
    const distanceM = haversineMetres(point, fence);
    const m = { fence, distanceM, inside: distanceM <= fence.radiusM };
    if (!best) best = m;
    else if (m.inside !== best.inside) best = m.inside ? m : best;
    else if (m.inside ? m.distanceM < best.distanceM : m.distanceM - fence.radiusM < best.distanceM - best.fence.radiusM)
      best = m;
  }
  return best;
}

/** The first bytes of each accepted selfie type, so a renamed file is refused. */
const IMAGE_MAGIC: Record<string, readonly (number | null)[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47],
  // RIFF....WEBP
  'image/webp': [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
};

/** True when `bytes` starts like an image of `contentType`. */
export function looksLikeImage(contentType: string, bytes: Uint8Array): boolean {
  const magic = IMAGE_MAGIC[contentType];
  return !!magic && bytes.length >= magic.length && magic.every((b, i) => b === null || bytes[i] === b);
}
