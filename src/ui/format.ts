/** Formatting for the page (the simulation's own words come from src/sim/narrate). */
/** "12.346 s" with a fixed number of decimals, so the readout does not jitter while playing. */
export function clockText(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(3)} s`
}

/** "2×", "0.25×". */
export function speedText(speed: number): string {
  return `${Number(speed.toFixed(2))}×`
}
