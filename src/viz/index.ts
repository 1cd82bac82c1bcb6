/**
 * The space-time diagram: `SpaceTimeDiagram` (live, React) and `renderDiagramSvg` (a standalone
 * SVG string). The layout underneath is pure and lives in `./layout`.
 */
export type { DiagramProps } from './SpaceTimeDiagram'
export { SpaceTimeDiagram } from './SpaceTimeDiagram'
export type { Future } from './Cursor'
export type { Highlight } from './Highlights'
export type { SvgOptions } from './standalone'
export { renderDiagramSvg } from './standalone'
export type { DiagramModel, LayoutInput, LayoutOptions } from './layout'
export { layoutDiagram, msOfX, xOfMs } from './layout'
