/**
 * What `react` resolves to in the preact/compat builds (PREACT_ALIASES in vite.config.ts): all
 * of preact/compat, plus one fix. React writes the `tabIndex` prop as the `tabindex` attribute;
 * preact sets an SVG element's attribute under the prop's own name, and SVG attributes keep
 * their case, so `tabIndex` did nothing there: the diagram's arrows and findings (SVG <g> with
 * role="button") could not be focused from the keyboard. On HTML elements the two spellings are
 * the same attribute.
 */
import { options } from 'preact'

export * from 'preact/compat'
export { default } from 'preact/compat'

const next = options.vnode
/** @param {import('preact').VNode<Record<string, unknown>>} vnode */
options.vnode = (vnode) => {
  const props = vnode.props
  if (typeof vnode.type === 'string' && props !== null && 'tabIndex' in props) {
    props.tabindex = props.tabIndex
    delete props.tabIndex
  }
  next?.(vnode)
}
