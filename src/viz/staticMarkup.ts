/**
 * React elements → markup, for the standalone SVG. The diagram's static marks are pure function
 * components (no hooks, no context), so rendering them is a walk over the element tree; this
 * keeps react-dom/server (about 60 kB gzipped) out of the browser bundle while the CLI, export
 * and RSS figures share every component with the live diagram. A test checks that the output is
 * identical to react-dom/server's renderToStaticMarkup for every preset.
 */
import type { ReactNode } from 'react'
import { Fragment, isValidElement } from 'react'

const MEMO = Symbol.for('react.memo')

/** React prop names that are not the attribute's name (the subset SVG figures use). */
const ATTRIBUTE: Readonly<Record<string, string>> = {
  className: 'class',
  clipPath: 'clip-path',
  clipRule: 'clip-rule',
  dominantBaseline: 'dominant-baseline',
  fillOpacity: 'fill-opacity',
  fillRule: 'fill-rule',
  fontFamily: 'font-family',
  fontSize: 'font-size',
  fontWeight: 'font-weight',
  markerEnd: 'marker-end',
  paintOrder: 'paint-order',
  pointerEvents: 'pointer-events',
  shapeRendering: 'shape-rendering',
  strokeDasharray: 'stroke-dasharray',
  strokeLinecap: 'stroke-linecap',
  strokeLinejoin: 'stroke-linejoin',
  strokeOpacity: 'stroke-opacity',
  strokeWidth: 'stroke-width',
  textAnchor: 'text-anchor',
  vectorEffect: 'vector-effect',
  xmlnsXlink: 'xmlns:xlink',
  xlinkHref: 'xlink:href',
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
}

function escape(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPES[c] ?? c)
}

type Component = (props: Record<string, unknown>) => ReactNode

function attributes(props: Record<string, unknown>): string {
  // One value per attribute: preact/compat (the pages' build) gives an element both `className`
  // and `class`, which would make the document ill-formed.
  const written = new Set<string>()
  let out = ''
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || name === 'key' || name === 'ref') continue
    if (value === null || value === undefined || value === false) continue
    if (typeof value === 'function') continue
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new Error(`renderStatic: unsupported ${typeof value} prop "${name}"`)
    }
    const attr = ATTRIBUTE[name] ?? name
    if (written.has(attr)) continue
    written.add(attr)
    out += ` ${attr}="${escape(String(value))}"`
  }
  return out
}

export function renderStatic(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return ''
  if (typeof node === 'string') return escape(node)
  if (typeof node === 'number' || typeof node === 'bigint') return String(node)
  if (Array.isArray(node)) return node.map((n: ReactNode) => renderStatic(n)).join('')
  if (!isValidElement(node)) {
    throw new Error('renderStatic: only elements, text and arrays can be rendered')
  }
  const props = (node.props ?? {}) as Record<string, unknown>
  const type: unknown = node.type
  if (type === Fragment) return renderStatic(props.children as ReactNode)
  if (typeof type === 'function') {
    // preact/compat's memo() (the pages' build) is a class-like function that wraps the
    // component it was given in `type`: render that one.
    const wrapped = (type as { type?: unknown }).type
    const component = (typeof wrapped === 'function' ? wrapped : type) as Component
    return renderStatic(component(props))
  }
  if (
    typeof type === 'object' &&
    type !== null &&
    (type as { $$typeof?: symbol }).$$typeof === MEMO
  ) {
    return renderStatic((type as { type: Component }).type(props))
  }
  if (typeof type !== 'string') throw new Error('renderStatic: unsupported element type')
  const children = props.children as ReactNode
  // <style> holds raw CSS, as react-dom/server writes it (the stylesheet has no < or &).
  const inner = type === 'style' && typeof children === 'string' ? children : renderStatic(children)
  return `<${type}${attributes(props)}>${inner}</${type}>`
}
