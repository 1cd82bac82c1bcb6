/**
 * dist/embed-classic.js: embed.html as one classic script, for a frame whose module scripts cannot
 * load. An iframe sandboxed without allow-same-origin has an opaque origin ("null"); module
 * scripts and `crossorigin` stylesheets are fetched with CORS, and a static host rarely answers
 * CORS for origin "null", so the module entry and its stylesheet are refused and the frame stays
 * blank. Classic scripts and plain stylesheets need no CORS. public/embed-fallback.js loads this
 * script (and its stylesheet, embed-classic.css) only when the module entry did not run.
 * Built by `vite build -c vite.embed.config.ts --mode classic`: every import inlined.
 */
import '../ui/lab.css'
import '../ui/labPage.css'
import './embed.css'
import '../tour/tour.css'
import { startEmbedPage } from './embedPage'

const container = document.getElementById('root')
if (container !== null && document.documentElement.dataset.flStarted === undefined) {
  document.documentElement.dataset.flStarted = 'classic'
  startEmbedPage(container)
}
