/**
 * The diagram's stylesheet, as a string: the live component adopts it as a constructed stylesheet
 * into whatever document or shadow root it is mounted in (adoptStyles.ts — no setup, and safe
 * under a strict CSP), and standalone SVG files embed it. Every class is prefixed `fl-`; colours are custom properties, so a host can retheme.
 *
 * Palette: Okabe–Ito hues for clients (yellow is kept for warnings, vermillion for danger). In the
 * light theme each hue has a darker "ink" variant for strokes and text so that every mark keeps a
 * 3:1 contrast with the page and every text 4.5:1; fills stay bright, with ink-coloured text on
 * them (white on blue).
 */

import { LABEL_WEIGHT } from './layout/labelStyle'

interface Theme {
  bg: string
  ink: string
  muted: string
  faint: string
  shade: string
  line: string
  hueFill: string[]
  hueInk: string[]
  onHue: string[]
  danger: string
  dangerInk: string
  /** Verdicts: no client hue, so a verdict never reads as "client B" (amber) or "client D". */
  acceptInk: string
  rejectFill: string
  onReject: string
  violation: string
  violationInk: string
  warn: string
  warnInk: string
  pause: string
  down: string
  fault: string
  highlight: string
  cursor: string
  tipBg: string
  tipFg: string
  /**
   * Opacity of the veil over the future: the most that keeps every diagram text colour at 3:1
   * against the page (diagramStyles.test.ts measures it).
   */
  fade: number
}

const LIGHT: Theme = {
  bg: '#ffffff',
  ink: '#1f2328',
  muted: '#59636e',
  faint: '#e4e8ec',
  shade: '#f5f7f9',
  line: '#8c959f',
  hueFill: ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9'],
  hueInk: ['#0072B2', '#8F5B00', '#00735A', '#9C4A80', '#1F6FA3'],
  onHue: ['#ffffff', '#1f2328', '#1f2328', '#1f2328', '#1f2328'],
  danger: '#D55E00',
  dangerInk: '#B34700',
  acceptInk: '#1f2328',
  rejectFill: '#B34700',
  onReject: '#ffffff',
  violation: '#A3123F',
  violationInk: '#A3123F',
  warn: '#F0E442',
  warnInk: '#6F5A00',
  pause: '#9aa3ad',
  down: '#59636e',
  fault: '#424a53',
  highlight: '#F5B800',
  cursor: '#1f2328',
  tipBg: '#1f2328',
  tipFg: '#ffffff',
  fade: 0.28,
}

const DARK: Theme = {
  bg: '#16181d',
  ink: '#e6edf3',
  muted: '#9da7b3',
  faint: '#2a2f37',
  shade: '#1b1e24',
  line: '#6e7781',
  hueFill: ['#3A9AD9', '#E69F00', '#009E73', '#CC79A7', '#56B4E9'],
  hueInk: ['#6CB8EC', '#F0B43C', '#2CC497', '#E09AC3', '#9AD3F3'],
  onHue: ['#16181d', '#16181d', '#16181d', '#16181d', '#16181d'],
  danger: '#FF7F3A',
  dangerInk: '#FF9F66',
  acceptInk: '#e6edf3',
  rejectFill: '#FF7F3A',
  onReject: '#16181d',
  violation: '#FF5C8A',
  violationInk: '#FF85A6',
  warn: '#F0E442',
  warnInk: '#F0E442',
  pause: '#59626d',
  down: '#9da7b3',
  fault: '#c9d1d9',
  highlight: '#F0E442',
  cursor: '#f0f3f6',
  tipBg: '#f0f3f6',
  tipFg: '#16181d',
  fade: 0.42,
}

function vars(t: Theme): string {
  const hues = t.hueFill
    .map(
      (_, i) =>
        `--fl-hue-${i}:${t.hueFill[i]};--fl-hue-ink-${i}:${t.hueInk[i]};--fl-on-hue-${i}:${t.onHue[i]};`,
    )
    .join('')
  return (
    `--fl-bg:${t.bg};--fl-ink:${t.ink};--fl-muted:${t.muted};--fl-faint:${t.faint};` +
    `--fl-shade:${t.shade};--fl-line:${t.line};--fl-danger:${t.danger};--fl-danger-ink:${t.dangerInk};` +
    `--fl-warn:${t.warn};--fl-warn-ink:${t.warnInk};--fl-pause:${t.pause};--fl-down:${t.down};` +
    `--fl-accept-ink:${t.acceptInk};--fl-reject:${t.rejectFill};--fl-on-reject:${t.onReject};` +
    `--fl-violation:${t.violation};--fl-violation-ink:${t.violationInk};` +
    `--fl-fault:${t.fault};--fl-highlight:${t.highlight};--fl-cursor:${t.cursor};` +
    `--fl-fade:${t.fade};--fl-tip-bg:${t.tipBg};--fl-tip-fg:${t.tipFg};--fl-neutral:${t.muted};--fl-neutral-ink:${t.muted};` +
    `--fl-on-neutral:${t.bg};${hues}color-scheme:${t === DARK ? 'dark' : 'light'};`
  )
}

const HUE_COUNT = LIGHT.hueFill.length

const labelWeights = Object.entries(LABEL_WEIGHT)
  .map(([cls, weight]) => `.fl-diagram .${cls}{font-weight:${weight}}`)
  .join('\n')

const hueClasses = Array.from(
  { length: HUE_COUNT },
  (_, i) =>
    `.fl-hue-${i}{--h:var(--fl-hue-${i});--hi:var(--fl-hue-ink-${i});--on:var(--fl-on-hue-${i})}`,
).join('\n')

/** Classes set on the diagram's <svg> itself, next to `fl-diagram`. */
const ROOT_CLASSES = new Set([
  'fl-overlay',
  'fl-underlay',
  'fl-marks-layer',
  'fl-scrub',
  'fl-dense',
  'fl-compact',
])

/** Rules that do not depend on the theme. */
const RULES = `
.fl-diagram-frame{position:relative;max-width:100%;isolation:isolate}
.fl-diagram-drawing{min-height:160px;display:flex;align-items:center;justify-content:center;font:inherit;color:inherit;opacity:.75}
.fl-marks-layer{position:relative;z-index:1}
.fl-underlay{position:absolute;top:0;left:0;width:100%;height:100%;pointer-events:none;z-index:0;will-change:transform}
.fl-overlay{position:absolute;top:0;left:0;width:100%;height:100%;pointer-events:none;will-change:transform;z-index:2}
.fl-diagram{display:block;max-width:100%;height:auto;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-variant-numeric:tabular-nums;touch-action:pan-y;-webkit-user-select:none;user-select:none;-webkit-tap-highlight-color:transparent}
.fl-diagram text{fill:var(--fl-ink);font-size:11px}
.fl-diagram.fl-compact text{font-size:12px}
.fl-hue-none{--h:var(--fl-neutral);--hi:var(--fl-neutral-ink);--on:var(--fl-on-neutral)}
${hueClasses}
.fl-bg{fill:var(--fl-bg)}
.fl-halo-text,.fl-diagram .fl-msg-label,.fl-diagram .fl-stale-label,.fl-diagram .fl-block-label,.fl-diagram .fl-fault-label,.fl-diagram .fl-end-label,.fl-diagram .fl-lock-delay-label,.fl-diagram .fl-reason,.fl-diagram .fl-value,.fl-diagram .fl-step-label,.fl-diagram .fl-queued-label,.fl-diagram .fl-lease-label,.fl-diagram .fl-finding-label,.fl-diagram .fl-danger-label,.fl-diagram.fl-compact .fl-lane-title,.fl-diagram.fl-compact .fl-lane-role{paint-order:stroke;stroke:var(--fl-bg);stroke-width:3px;stroke-linejoin:round}
.fl-lane-shade{fill:var(--fl-shade)}
.fl-grid{stroke:var(--fl-faint);stroke-width:1}
.fl-lane-line{stroke:var(--fl-line);stroke-width:1}
.fl-diagram .fl-lane-title{font-weight:700;font-size:13px}
.fl-diagram.fl-compact .fl-lane-title{font-size:12px}
.fl-diagram .fl-lane-role,.fl-diagram .fl-row-label,.fl-diagram .fl-note{fill:var(--fl-muted)}
.fl-diagram .fl-tick-label{fill:var(--fl-muted)}
.fl-tick{stroke:var(--fl-line)}
.fl-axis-line{stroke:var(--fl-line)}
.fl-break-line{stroke:var(--fl-faint);stroke-width:1;stroke-dasharray:3 3}
.fl-break-gap{stroke:var(--fl-bg);stroke-width:5}
.fl-break-mark{stroke:var(--fl-muted);stroke-width:1.3}
.fl-diagram .fl-break-label{fill:var(--fl-muted)}
.fl-diagram .fl-header-title{font-size:16px;font-weight:700}
.fl-diagram .fl-header-subtitle{font-size:12px;fill:var(--fl-muted)}
.fl-block-paused{stroke:var(--fl-pause);stroke-width:1}
.fl-block-down{stroke:var(--fl-down);stroke-width:1}
.fl-hatch-paused{stroke:var(--fl-pause);stroke-width:1.25}
.fl-hatch-down{stroke:var(--fl-down);stroke-width:1.25}
.fl-hatch-stale-bg{fill:var(--fl-warn)}
.fl-hatch-stale{stroke:#1f2328;stroke-width:1.6;stroke-opacity:.5}
.fl-hatch-delay{stroke:var(--fl-muted);stroke-width:1}
.fl-hatch-partition{stroke:var(--fl-fault);stroke-width:1;stroke-opacity:.55}
.fl-block-tint{fill:var(--fl-bg);fill-opacity:.55}
.fl-diagram .fl-block-label{fill:var(--fl-muted)}
.fl-diagram .fl-block-label-down{fill:var(--fl-ink)}
.fl-icon{fill:none;stroke:var(--fl-fault);stroke-width:1.6;stroke-linecap:round;stroke-linejoin:round}
.fl-icon-solid{fill:var(--fl-fault);stroke:none}
.fl-crash{stroke:var(--fl-danger);stroke-width:2.5;stroke-linecap:round}
.fl-fault-tick{stroke:var(--fl-fault);stroke-width:1;stroke-dasharray:2 2;opacity:.7}
.fl-diagram .fl-fault-label{fill:var(--fl-fault)}
.fl-lease{fill:var(--h);stroke:var(--hi);stroke-width:1}
.fl-diagram .fl-lease-text,.fl-diagram .fl-hold-text{fill:var(--on);font-weight:700}
.fl-diagram .fl-lease-label{fill:var(--hi)}
.fl-belief{fill:var(--h);fill-opacity:.08;stroke:var(--hi);stroke-width:1.5}
.fl-stale{stroke:var(--hi);stroke-width:1.5}
.fl-stale-edge{stroke:var(--fl-danger);stroke-width:2}
.fl-diagram .fl-stale-label{fill:var(--fl-warn-ink)}
.fl-hold{fill:var(--h);stroke:var(--hi);stroke-width:1}
.fl-lease-end{stroke:var(--fl-danger);stroke-width:2;stroke-linecap:round}
.fl-diagram .fl-end-label{fill:var(--fl-danger-ink)}
.fl-lock-delay{stroke:var(--fl-muted);stroke-width:1;stroke-dasharray:3 2}
.fl-diagram .fl-lock-delay-label{fill:var(--fl-muted)}
.fl-partition{stroke:var(--fl-fault);stroke-width:1;stroke-dasharray:4 3}
.fl-finding-band{fill:var(--fl-warn);fill-opacity:.22}
.fl-danger-band{fill:var(--fl-danger);fill-opacity:.14;stroke:var(--fl-danger);stroke-width:1.2}
.fl-hatch-danger{stroke:var(--fl-danger);stroke-width:1.4;stroke-opacity:.7}
.fl-danger-span{fill:var(--fl-danger);fill-opacity:.06;pointer-events:none}
.fl-danger-edge{stroke:var(--fl-danger);stroke-width:1;stroke-dasharray:4 3;stroke-opacity:.8;pointer-events:none}
.fl-diagram .fl-danger-label{fill:var(--fl-danger-ink)}
.fl-msg-line{stroke:var(--hi);stroke-width:1.3;fill:var(--hi);stroke-linejoin:round}
.fl-msg-delayed .fl-msg-line{stroke-dasharray:6 3}
.fl-msg-queued{stroke:var(--hi);stroke-width:1.6;stroke-dasharray:1 3.5;stroke-linecap:round;fill:none}
.fl-msg-queued-end{fill:var(--hi)}
.fl-msg-lost-x{stroke:var(--fl-danger);stroke-width:2;stroke-linecap:round}
.fl-dense .fl-msg-line{stroke-width:.9;stroke-opacity:.6;fill-opacity:.75}
.fl-msg-hit{stroke:transparent;stroke-width:24;fill:none;pointer-events:stroke}
.fl-msg-bulk{cursor:pointer}
.fl-msg-stand-in .fl-msg-line{visibility:hidden}
.fl-msg-stand-in:focus-visible .fl-msg-line{visibility:visible}
.fl-tip-msg{stroke:var(--hi);stroke-width:2.6;fill:var(--hi);stroke-linejoin:round}
.fl-msg{cursor:pointer;outline:none}
.fl-msg:hover .fl-msg-line,.fl-msg:focus-visible .fl-msg-line{stroke-width:2.6}
.fl-msg:focus-visible .fl-msg-hit{stroke:var(--fl-highlight);stroke-opacity:.45;stroke-width:8}
.fl-diagram .fl-msg-label{fill:var(--hi)}
.fl-diagram .fl-msg-label-lost{fill:var(--fl-danger-ink)}
.fl-diagram .fl-queued-label{fill:var(--hi)}
.fl-badge-accepted,.fl-badge-applied{fill:var(--fl-bg);stroke:var(--fl-accept-ink);stroke-width:1.5}
.fl-badge-checked{fill:var(--fl-bg);stroke:var(--hi);stroke-width:1.3;stroke-dasharray:3 2}
.fl-badge-duplicate{fill:var(--fl-bg);stroke:var(--fl-accept-ink);stroke-width:1.3;stroke-dasharray:4 2}
.fl-badge-rejected{fill:var(--fl-reject);stroke:var(--fl-reject);stroke-width:1.5}
.fl-badge-discarded{fill:var(--fl-bg);stroke:var(--fl-muted);stroke-width:1.3;stroke-dasharray:3 2}
.fl-diagram .fl-badge-text{font-weight:700;fill:var(--fl-ink)}
.fl-diagram .fl-badge-text-accepted,.fl-diagram .fl-badge-text-applied,.fl-diagram .fl-badge-text-duplicate{fill:var(--fl-accept-ink)}
.fl-diagram .fl-badge-text-rejected{fill:var(--fl-on-reject)}
.fl-badge-icon{fill:none;stroke:var(--fl-ink);stroke-width:1.7;stroke-linecap:round;stroke-linejoin:round}
.fl-badge-icon-accepted,.fl-badge-icon-applied,.fl-badge-icon-duplicate{stroke:var(--fl-accept-ink);stroke-width:2}
.fl-badge-icon-checked{stroke:var(--hi)}
.fl-badge-icon-rejected{stroke:var(--fl-on-reject);stroke-width:2.2}
.fl-badge-icon-discarded{stroke:var(--fl-muted)}
.fl-pip{fill:var(--fl-bg);stroke:var(--fl-accept-ink);stroke-width:1.5}
.fl-pip-rejected,.fl-pip-discarded{fill:var(--fl-reject);stroke:var(--fl-reject)}
.fl-leader{stroke:var(--hi);stroke-width:1;opacity:.7}
.fl-link{stroke:var(--hi);stroke-width:1.5;stroke-dasharray:2 2}
.fl-diagram .fl-reason{fill:var(--fl-danger-ink);font-size:12px}
.fl-diagram.fl-compact .fl-reason{font-size:12px}
.fl-diagram.fl-compact .fl-header-title{font-size:14px}
.fl-diagram.fl-compact .fl-header-subtitle{font-size:12px}
.fl-diagram.fl-compact .fl-tip-text{font-size:12px}
.fl-diagram .fl-value{fill:var(--fl-muted)}
.fl-step-band{stroke:var(--fl-faint);stroke-width:1;stroke-dasharray:2 3}
.fl-step{stroke:var(--fl-ink);stroke-width:1.6;fill:none;stroke-linejoin:round}
.fl-diagram .fl-step-down{fill:var(--fl-danger-ink)}
.fl-finding{cursor:pointer;outline:none}
.fl-finding-violation .fl-finding-shape{fill:var(--fl-violation);stroke:var(--fl-violation-ink);stroke-width:1}
.fl-finding-warning .fl-finding-shape{fill:var(--fl-warn);stroke:var(--fl-ink);stroke-width:1}
.fl-finding-bang{stroke:var(--fl-bg);stroke-width:1.8;stroke-linecap:round}
.fl-finding-warning .fl-finding-bang{stroke:#1f2328}
.fl-finding-hit{fill:transparent}
.fl-finding-stack{opacity:.6}
.fl-finding:hover .fl-finding-shape,.fl-finding:focus-visible .fl-finding-shape{stroke-width:2.5}
.fl-finding:focus-visible .fl-finding-hit{fill:var(--fl-highlight);fill-opacity:.4}
.fl-finding-interval{fill:none;stroke-width:1.5}
.fl-finding-interval-violation{stroke:var(--fl-violation)}
.fl-finding-interval-warning{stroke:var(--fl-warn-ink)}
.fl-finding-guide{stroke-width:1;stroke-dasharray:2 3;fill:none}
.fl-finding-guide-violation{stroke:var(--fl-violation);stroke-width:1.5}
.fl-finding-guide-warning{stroke:var(--fl-warn-ink)}
.fl-diagram .fl-finding-label-violation{fill:var(--fl-violation-ink);font-weight:700}
.fl-diagram .fl-finding-label-warning{fill:var(--fl-warn-ink)}
.fl-halo{stroke:var(--fl-highlight);stroke-opacity:.75;fill:none;stroke-linecap:round;stroke-linejoin:round}
.fl-future{fill:var(--fl-bg);pointer-events:none;shape-rendering:crispEdges}
.fl-future-veil .fl-lane-shade{shape-rendering:crispEdges}
.fl-future-fade{fill-opacity:var(--fl-fade)}
.fl-playhead{pointer-events:none}
.fl-playhead-line{stroke:var(--fl-cursor);stroke-width:1.5}
.fl-playhead-knob{fill:var(--fl-cursor)}
.fl-playhead-pill{fill:var(--fl-cursor)}
.fl-playhead-mask{fill:var(--fl-bg)}
.fl-diagram .fl-playhead-text{fill:var(--fl-bg);font-weight:700}
.fl-tip{pointer-events:none}
.fl-tip-box{fill:var(--fl-tip-bg);opacity:.96}
.fl-diagram .fl-tip-text{fill:var(--fl-tip-fg);font-size:12px}
.fl-diagram .fl-tip-hint{fill:var(--fl-tip-fg);opacity:.8;font-size:11px}
.fl-legend-line{stroke:var(--fl-ink);stroke-width:1.3;fill:none}
.fl-diagram .fl-legend-text{fill:var(--fl-muted)}
.fl-scrub{cursor:ew-resize}
.fl-diagram :focus{outline:none}
@media (prefers-reduced-motion:no-preference){.fl-msg-line,.fl-finding-shape{transition:stroke-width .12s}}
@media (prefers-reduced-motion:reduce){.fl-diagram *{transition:none!important;animation:none!important}}
`

/**
 * The full stylesheet. Themes: light by default, dark when the reader's system prefers it, and an
 * explicit `data-theme="light|dark"` on the svg or any ancestor wins over both.
 */
export const DIAGRAM_CSS = `.fl-diagram{${vars(LIGHT)}}
@media (prefers-color-scheme:dark){.fl-diagram{${vars(DARK)}}}
[data-theme=light] .fl-diagram,.fl-diagram[data-theme=light]{${vars(LIGHT)}}
[data-theme=dark] .fl-diagram,.fl-diagram[data-theme=dark]{${vars(DARK)}}
${scopeRules(RULES.trim())}
${labelWeights}
`

/**
 * Scopes every rule to the diagram: the sheet is adopted by the whole document, so a bare
 * `.fl-icon{…}` would also style a page element that happens to use that class. `:where()` adds
 * the scope without changing any rule's specificity.
 */
function scopeRules(css: string): string {
  return css.replace(/(^|[{}])([^{}@]+)\{/g, (_, before: string, selectors: string) => {
    const scoped = selectors
      .split(',')
      .map((raw) => {
        const selector = raw.trim()
        if (selector.startsWith('.fl-diagram')) return selector
        const first = /^\.([\w-]+)/.exec(selector)?.[1]
        if (first !== undefined && ROOT_CLASSES.has(first)) {
          return `.${first}:where(.fl-diagram)${selector.slice(first.length + 1)}`
        }
        return `:where(.fl-diagram) ${selector}`
      })
      .join(',')
    return `${before}${scoped}{`
  })
}

/** The two palettes, for tests that measure them (contrast, verdicts against client hues). */
export const THEMES = { light: LIGHT, dark: DARK } as const
