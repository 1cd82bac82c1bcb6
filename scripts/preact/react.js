/**
 * What `react` resolves to in the preact/compat builds (PREACT_ALIASES in vite.config.ts): all
 * of preact/compat, plus two fixes.
 *
 * 1. React writes the `tabIndex` prop as the `tabindex` attribute;
 * preact sets an SVG element's attribute under the prop's own name, and SVG attributes keep
 * their case, so `tabIndex` did nothing there: the diagram's arrows and findings (SVG <g> with
 * role="button") could not be focused from the keyboard. On HTML elements the two spellings are
 * the same attribute.
 *
 * 2. useSyncExternalStore (zustand's useStore, so every `useLab`) without a leak. preact/compat's
 * subscribes in an effect written inline in the hook, so the listener shares the closure scope
 * of the component's first render, and with it the value selected then: a component that
 * selected the lab's moment at mount kept that whole run alive for as long as it stayed mounted
 * (a 2M-event run's 400 MB, after the reader's edit had replaced it). Here the effects are made
 * by functions outside the hook, so they hold only what they use. It reads getSnapshot only: the
 * pages are never hydrated, and a prerender (scripts/prerender.ts) renders a store that has not
 * changed since it was made, where getSnapshot and zustand's server snapshot agree.
 */
import { options } from 'preact'
import compat from 'preact/compat'
import { useEffect, useLayoutEffect, useState } from 'preact/hooks'

export * from 'preact/compat'

/** @typedef {{ value: unknown, getSnapshot: () => unknown }} Snapshot */

/** @param {Snapshot} seen */
function changed(seen) {
  try {
    return !Object.is(seen.value, seen.getSnapshot())
  } catch {
    return true
  }
}

/**
 * @param {Snapshot} seen
 * @param {(next: { seen: Snapshot }) => void} rerender
 * @param {unknown} value
 * @param {() => unknown} getSnapshot
 */
function syncAfterRender(seen, rerender, value, getSnapshot) {
  return () => {
    seen.value = value
    seen.getSnapshot = getSnapshot
    if (changed(seen)) rerender({ seen })
  }
}

/**
 * @param {Snapshot} seen
 * @param {(next: { seen: Snapshot }) => void} rerender
 * @param {(onChange: () => void) => () => void} subscribe
 */
function listen(seen, rerender, subscribe) {
  return () => {
    if (changed(seen)) rerender({ seen })
    return subscribe(() => {
      if (changed(seen)) rerender({ seen })
    })
  }
}

/**
 * @template T
 * @param {(onChange: () => void) => () => void} subscribe
 * @param {() => T} getSnapshot
 * @returns {T}
 */
export function useSyncExternalStore(subscribe, getSnapshot) {
  const value = getSnapshot()
  const [{ seen }, rerender] = useState({ seen: { value, getSnapshot } })
  useLayoutEffect(syncAfterRender(seen, rerender, value, getSnapshot), [
    subscribe,
    value,
    getSnapshot,
  ])
  useEffect(listen(seen, rerender, subscribe), [subscribe])
  return value
}

export default { ...compat, useSyncExternalStore }

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
