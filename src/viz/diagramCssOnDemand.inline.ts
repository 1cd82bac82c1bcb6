/**
 * diagramCssOnDemand.ts for the one-file builds (the custom element, the classic embed): every
 * import is inlined there, and an inlined dynamic import brings Vite's preload helper and a lazy
 * initialiser for each module it reaches (about 0.3 kB gzipped for nothing).
 */
import { DIAGRAM_CSS } from './diagramStyles'

export function loadDiagramCss(): Promise<string> {
  return Promise.resolve(DIAGRAM_CSS)
}
