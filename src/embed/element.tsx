/**
 * dist/fencing-lab.js: registers <fencing-lab> (see FencingLabElement.tsx). One classic script,
 * built on preact/compat by `vite build -c vite.embed.config.ts --mode element`.
 */
import { FencingLabElement } from './FencingLabElement'

// The script's own address, read while it runs: the full lab lives beside it.
const script = document.currentScript
if (script instanceof HTMLScriptElement && script.src !== '') {
  FencingLabElement.labUrl = new URL('./', script.src).href
}

// Loading the script twice (two widgets that both include it) must not throw.
if (customElements.get('fencing-lab') === undefined) {
  customElements.define('fencing-lab', FencingLabElement)
}
