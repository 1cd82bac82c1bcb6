/**
 * The words a run is told in, in one place: every surface (event log, inspector, diagram labels
 * and tooltips, captions, CLI text, tour) builds its sentences from these.
 */
export { describeFault, faultClause, nodeLabel } from './faults'
export {
  article,
  capital,
  clip,
  FSI,
  LABEL_VALUE_CHARS,
  PDI,
  possessive,
  SENTENCE_VALUE_CHARS,
  tokenText,
  tokenWords,
  userText,
  valueWords,
  visibleText,
  xmlSafe,
} from './text'
