/** Formatting for the page (the simulation's own words come from src/sim/narrate). */
import type { Token } from '../sim'

/** "12.346 s" with a fixed number of decimals, so the readout does not jitter while playing. */
export function clockText(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(3)} s`
}

export function tokenText(token: Token): string {
  return token === null ? '—' : String(token)
}

/** "2×", "0.25×". */
export function speedText(speed: number): string {
  return `${Number(speed.toFixed(2))}×`
}
