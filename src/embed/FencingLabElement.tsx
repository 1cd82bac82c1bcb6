/**
 * <fencing-lab>: the embed as a custom element, for hosts that prefer a script to an iframe.
 *
 *   <script src="https://…/fencing-lab.js" defer></script>
 *   <fencing-lab scenario="gc-pause" controls="minimal" theme="dark" autoplay loop></fencing-lab>
 *
 * It renders into an open shadow root styled by constructed stylesheets (fine under a strict
 * CSP: no inline <style>, no eval), each element with its own lab store. It never reads or
 * writes the host's address or storage and never takes focus. Attributes are observed: a change
 * re-opens the lab, except `theme`, which switches in place (a host's dark-mode toggle keeps the
 * reader's place). A bad attribute becomes a message inside the element, never an exception.
 */
import { createRoot } from 'react-dom/client'
import type { Root } from 'react-dom/client'
import type { LabStore, Theme } from '../store'
import { LabProvider } from '../store'
import labCss from '../ui/lab.css?inline'
import embedCss from './embed.css?inline'
import { EmbedLab } from './EmbedLab'
import { labHrefFor, openEmbed } from './openEmbed'
import { ELEMENT_ATTRIBUTES, readElementAttributes, readLabAttribute, THEMES } from './options'
import { adaptForShadow, adoptElementStyles, HOST_CSS, RESERVED_CSS } from './shadowStyles'
import { provideDiagramCss } from '../viz/adoptStyles'
import { DIAGRAM_CSS } from '../viz/diagramStyles'

// A shadow root has none of the page's stylesheets: the diagram's rules go with the element, so
// its first frame is styled (adoptStyles.ts).
provideDiagramCss(DIAGRAM_CSS)

let styles: string[] | null = null

function elementStyles(): string[] {
  styles ??= [HOST_CSS + RESERVED_CSS, adaptForShadow(labCss), adaptForShadow(embedCss)]
  return styles
}

export class FencingLabElement extends HTMLElement {
  static get observedAttributes(): readonly string[] {
    return ELEMENT_ATTRIBUTES
  }

  /**
   * Where the full lab lives (the directory of the script), for the "Open in Fencing Lab" link;
   * an element's `lab` attribute wins (a script self-hosted away from the lab).
   */
  static labUrl: string | null = null

  readonly #mount: HTMLDivElement
  #root: Root | null = null
  #store: LabStore | null = null
  /** Bumped by every (re)open and disconnect: a slower, older open never lands. */
  #generation = 0
  #scheduled = false

  constructor() {
    super()
    const shadow = this.attachShadow({ mode: 'open' })
    adoptElementStyles(shadow, elementStyles())
    this.#mount = this.ownerDocument.createElement('div')
    shadow.append(this.#mount)
  }

  connectedCallback(): void {
    this.#schedule()
  }

  disconnectedCallback(): void {
    this.#generation++
    this.#unmount()
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value || !this.isConnected) return
    if (name === 'theme' && this.#store !== null && !this.#scheduled) {
      const theme = (value ?? 'auto').trim().toLowerCase()
      if ((THEMES as readonly string[]).includes(theme)) {
        this.#store.getState().setTheme(theme as Theme)
        return
      }
    }
    this.#schedule()
  }

  /** Several attribute changes in one task re-open the lab once. */
  #schedule(): void {
    if (this.#scheduled) return
    this.#scheduled = true
    queueMicrotask(() => {
      this.#scheduled = false
      if (this.isConnected) void this.#open()
    })
  }

  async #open(): Promise<void> {
    const generation = ++this.#generation
    try {
      const options = readElementAttributes((name) => this.getAttribute(name))
      const lab = readLabAttribute(this.getAttribute('lab'))
      if (!lab.ok) options.problems.push(lab.problem)
      const reducedMotion =
        typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
      const store = await openEmbed(options, { reducedMotion })
      if (generation !== this.#generation || !this.isConnected) return
      this.#unmount()
      const labUrl = (lab.ok ? lab.url : null) ?? FencingLabElement.labUrl
      this.#store = store
      this.#mount.className = 'fl-element-lab'
      this.#mount.dataset.controls = options.controls
      this.#root = createRoot(this.#mount)
      this.#root.render(
        <LabProvider store={store}>
          <EmbedLab
            controls={options.controls}
            autoplay={options.autoplay}
            card
            labHref={labUrl === null ? null : labHrefFor(store, options, labUrl)}
          />
        </LabProvider>,
      )
    } catch (error) {
      if (generation !== this.#generation) return
      this.#fail(error)
    }
  }

  #unmount(): void {
    // A message in place of the lab needs no reserved height.
    this.#mount.removeAttribute('class')
    delete this.#mount.dataset.controls
    this.#root?.unmount()
    this.#root = null
    this.#store = null
  }

  /** The last resort: a message (as text) instead of a lab. */
  #fail(error: unknown): void {
    this.#unmount()
    const doc = this.ownerDocument
    const frame = doc.createElement('div')
    frame.className = 'fl-lab fl-embed fl-embed-card'
    const message = doc.createElement('p')
    message.className = 'fl-notice'
    message.setAttribute('role', 'alert')
    message.textContent = `The lab could not start: ${error instanceof Error ? error.message : String(error)}`
    frame.append(message)
    this.#mount.replaceChildren(frame)
  }
}
