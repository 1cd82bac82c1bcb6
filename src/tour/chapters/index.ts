/** The guided tour's chapters (words as data) and the helpers to place a step in its run. */
export { findChapter, TOUR } from './chapters'
export { resolveMoment } from './moment'
export { lockDelayLongPauseScenario, renewalScenario, TOUR_SCENARIOS } from './scenarios'
export type { Citation, Moment, Prediction, TourChapter, TourStep } from './types'
