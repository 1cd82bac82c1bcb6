/** The prerender's one entry (loaded once through Vite's module runner): every page's first screen. */
export { DIAGRAM_CSS } from '../../src/viz/diagramStyles'
export { renderEmbedFirstScreen } from './embedScreen'
export { renderFirstScreen } from './firstScreen'
export { renderTourFirstScreen } from './tourScreen'
