// Types of scripts/layers.js (plain JavaScript, so that eslint.config.js can load it).
import type { Linter } from 'eslint'

export interface Layer {
  /** Folder under src/ (`viz/layout`), or a file (`main.tsx`). */
  name: string
  layers: readonly string[]
  packages: readonly string[]
  pure?: boolean
  unrestricted?: boolean
}

export const LAYERS: readonly Layer[]
export const EXCEPTIONS: ReadonlyArray<{ file: string; imports: string; why: string }>
export const PURE: readonly string[]
export function mayImportText(layer: Layer): string
export function layerConfigs(): Linter.Config[]
/** Only src/link may parse or assemble a query: URLSearchParams is refused elsewhere. */
export function addressConfigs(): Linter.Config[]
export function owner(file: string): Layer
