/**
 * A small seeded generator (mulberry32). Its whole state is one 32-bit integer, so it lives in
 * the World as plain data and a copied World replays the same draws.
 */
export function nextRandom(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) | 0
  let t = next
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  const value = ((t ^ (t >>> 14)) >>> 0) / 4294967296
  return { value, state: next }
}

/** Mixes a user seed so that nearby seeds (1, 2, 3) give unrelated streams. */
export function seedState(seed: number): number {
  let h = (seed ^ 0x9e3779b9) | 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) | 0
}
