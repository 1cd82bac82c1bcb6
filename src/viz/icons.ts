/**
 * Pictograms as SVG paths in a 10 × 10 box centred on (0, 0), drawn with strokes: no icon font,
 * no emoji, the same on every system.
 */
import type { FaultMarkKind } from '../timeline'

export const ICON: Record<FaultMarkKind | 'check' | 'cross' | 'equals' | 'bang', string> = {
  pause: 'M-2,-4V4M2,-4V4',
  crash: 'M-4,-4L4,4M4,-4L-4,4',
  restart: 'M3.6,-1.2A4,4 0 1 0 3,2.6M3.9,-4.4V-1.1H0.6',
  'clock-jump': 'M0,-4.5A4.5,4.5 0 1 1 0,4.5A4.5,4.5 0 1 1 0,-4.5M0,-2.4V0L1.9,1.3',
  partition: 'M-1.2,-5L2,-1L-2,1L1.2,5',
  delay: 'M-3,-4.5H3L-3,4.5H3Z',
  drop: 'M-5,0H-1.5M0.5,-3L5,3M5,-3L0.5,3',
  'expire-lease': 'M0,-4.5A4.5,4.5 0 1 1 0,4.5A4.5,4.5 0 1 1 0,-4.5M-3.2,3.2L3.2,-3.2',
  check: 'M-3,0.3L-1,2.5L3,-2.4',
  cross: 'M-2.4,-2.4L2.4,2.4M2.4,-2.4L-2.4,2.4',
  equals: 'M-2.8,-1.4H2.8M-2.8,1.4H2.8',
  bang: 'M0,-2.8V0.6M0,3V3.05',
}

/** A violation: a stop sign, larger than the warning's triangle (radius 8.5, the triangle's 7). */
export const OCTAGON = 'M-3.5,-8.5H3.5L8.5,-3.5V3.5L3.5,8.5H-3.5L-8.5,3.5V-3.5Z'
export const TRIANGLE = 'M0,-6.5L7,5.5H-7Z'
