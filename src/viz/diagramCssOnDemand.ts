/**
 * The diagram's rules, loaded when first needed (adoptStyles.ts): a page's own stylesheet
 * usually has them. A one-file build answers this module with its static twin
 * (diagramCssOnDemand.inline.ts, vite.embed.config.ts).
 */
export function loadDiagramCss(): Promise<string> {
  return import('./diagramStyles').then((m) => m.DIAGRAM_CSS)
}
