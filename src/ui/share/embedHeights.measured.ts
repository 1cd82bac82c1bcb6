// Written by `EMBED_HEIGHTS_WRITE=1 npx playwright test e2e/embedHeights.spec.ts --workers 1`.
import type { PresetId } from '../../sim/presets/ids'
import type { EmbedHeight } from './embedHeights'
import type { ControlsMode } from './snippets'

export const MEASURED: Record<PresetId, Record<ControlsMode, EmbedHeight>> = {
  'gc-pause': {
    none: { anyPx: 599, anyAtPx: 360, widePx: 522, wideAtPx: 640 },
    minimal: { anyPx: 696, anyAtPx: 360, widePx: 583, wideAtPx: 640 },
    full: { anyPx: 960, anyAtPx: 360, widePx: 773, wideAtPx: 640 },
  },
  'gc-pause-unfenced': {
    none: { anyPx: 543, anyAtPx: 360, widePx: 486, wideAtPx: 721 },
    minimal: { anyPx: 640, anyAtPx: 360, widePx: 547, wideAtPx: 721 },
    full: { anyPx: 904, anyAtPx: 360, widePx: 733, wideAtPx: 640 },
  },
  'delayed-write': {
    none: { anyPx: 581, anyAtPx: 360, widePx: 504, wideAtPx: 640 },
    minimal: { anyPx: 657, anyAtPx: 360, widePx: 564, wideAtPx: 721 },
    full: { anyPx: 920, anyAtPx: 360, widePx: 733, wideAtPx: 640 },
  },
  'late-write-gap': {
    none: { anyPx: 561, anyAtPx: 360, widePx: 508, wideAtPx: 721 },
    minimal: { anyPx: 658, anyAtPx: 360, widePx: 565, wideAtPx: 640 },
    full: { anyPx: 922, anyAtPx: 360, widePx: 755, wideAtPx: 640 },
  },
  'check-then-write': {
    none: { anyPx: 621, anyAtPx: 360, widePx: 570, wideAtPx: 640 },
    minimal: { anyPx: 718, anyAtPx: 360, widePx: 631, wideAtPx: 640 },
    full: { anyPx: 982, anyAtPx: 360, widePx: 821, wideAtPx: 640 },
  },
  'lock-delay': {
    none: { anyPx: 543, anyAtPx: 360, widePx: 482, wideAtPx: 640 },
    minimal: { anyPx: 640, anyAtPx: 360, widePx: 543, wideAtPx: 640 },
    full: { anyPx: 904, anyAtPx: 360, widePx: 733, wideAtPx: 640 },
  },
  'clock-jump': {
    none: { anyPx: 581, anyAtPx: 360, widePx: 504, wideAtPx: 640 },
    minimal: { anyPx: 678, anyAtPx: 360, widePx: 565, wideAtPx: 640 },
    full: { anyPx: 942, anyAtPx: 360, widePx: 755, wideAtPx: 640 },
  },
  'renewal-race': {
    none: { anyPx: 579, anyAtPx: 360, widePx: 522, wideAtPx: 640 },
    minimal: { anyPx: 676, anyAtPx: 360, widePx: 583, wideAtPx: 640 },
    full: { anyPx: 940, anyAtPx: 360, widePx: 773, wideAtPx: 640 },
  },
  'leader-election': {
    none: { anyPx: 598, anyAtPx: 360, widePx: 522, wideAtPx: 640 },
    minimal: { anyPx: 673, anyAtPx: 360, widePx: 583, wideAtPx: 640 },
    full: { anyPx: 937, anyAtPx: 360, widePx: 773, wideAtPx: 640 },
  },
  'best-effort': {
    none: { anyPx: 658, anyAtPx: 360, widePx: 541, wideAtPx: 721 },
    minimal: { anyPx: 733, anyAtPx: 360, widePx: 602, wideAtPx: 721 },
    full: { anyPx: 997, anyAtPx: 360, widePx: 788, wideAtPx: 640 },
  },
  'failover-volatile': {
    none: { anyPx: 581, anyAtPx: 360, widePx: 504, wideAtPx: 640 },
    minimal: { anyPx: 657, anyAtPx: 360, widePx: 564, wideAtPx: 721 },
    full: { anyPx: 920, anyAtPx: 360, widePx: 733, wideAtPx: 640 },
  },
  'unfenced-side-effect': {
    none: { anyPx: 652, anyAtPx: 360, widePx: 581, wideAtPx: 721 },
    minimal: { anyPx: 749, anyAtPx: 360, widePx: 642, wideAtPx: 721 },
    full: { anyPx: 1013, anyAtPx: 360, widePx: 828, wideAtPx: 640 },
  },
  'release-not-owner': {
    none: { anyPx: 627, anyAtPx: 360, widePx: 575, wideAtPx: 721 },
    minimal: { anyPx: 724, anyAtPx: 360, widePx: 636, wideAtPx: 721 },
    full: { anyPx: 987, anyAtPx: 360, widePx: 805, wideAtPx: 640 },
  },
  'redlock-clock-jump': {
    none: { anyPx: 696, anyAtPx: 600, widePx: 696, wideAtPx: 640 },
    minimal: { anyPx: 757, anyAtPx: 600, widePx: 757, wideAtPx: 640 },
    full: { anyPx: 1016, anyAtPx: 360, widePx: 947, wideAtPx: 640 },
  },
  'redlock-restart': {
    none: { anyPx: 678, anyAtPx: 721, widePx: 678, wideAtPx: 721 },
    minimal: { anyPx: 735, anyAtPx: 600, widePx: 735, wideAtPx: 640 },
    full: { anyPx: 998, anyAtPx: 360, widePx: 925, wideAtPx: 640 },
  },
  'redlock-pause': {
    none: { anyPx: 678, anyAtPx: 721, widePx: 678, wideAtPx: 721 },
    minimal: { anyPx: 752, anyAtPx: 360, widePx: 739, wideAtPx: 721 },
    full: { anyPx: 1016, anyAtPx: 360, widePx: 925, wideAtPx: 640 },
  },
}
