/** The derived run the store holds (computed in src/explore/labRun.ts, on the page or a worker). */
export type { LabRun } from '../explore/labRun'
export { deriveLabRun } from '../explore/labRun'
