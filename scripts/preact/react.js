/**
 * What `react` resolves to in the preact/compat builds (PREACT_ALIASES in vite.config.ts): all
 * of preact/compat, plus three fixes.
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

/**
 * 3. A component that re-renders on its own (a store it reads changed; its parent did not
 * render) lets go of what it drew before. Preact re-renders it into a copy of its vnode and
 * detaches the vnode it replaced, but that vnode stays in the parent's `props.children` until the
 * parent renders again, and it keeps its rendered children (`_children`): the component's whole
 * previous output, with the props and handlers that captured the previous run. The event log's
 * list handler held a 2M-event run's 400 MB that way after the reader's edit had replaced it
 * (preactjs/preact#4909). Nothing reads a replaced vnode's children again (the parent diffs
 * against its own `_children`, which points at the copy), so they are dropped at its commit.
 * Preact's mangled names: `__c` is a vnode's component (and options' commit hook), `__v` a
 * component's vnode, `__k` a vnode's children.
 */
/** @type {Array<{ __k: unknown }>} */
const replaced = []

const next = options.vnode
/** @param {import('preact').VNode<Record<string, unknown>>} vnode */
options.vnode = (vnode) => {
  const props = vnode.props
  if (typeof vnode.type === 'string' && props !== null && 'tabIndex' in props) {
    props.tabindex = props.tabIndex
    delete props.tabIndex
  }
  // Only a re-render's copy comes here with its component set (a new element has none yet).
  const internal = /** @type {{ __c?: { __v?: { __k: unknown } } | null }} */ (
    /** @type {unknown} */ (vnode)
  )
  const previous = internal.__c?.__v
  if (previous != null && previous !== /** @type {unknown} */ (vnode)) replaced.push(previous)
  next?.(vnode)
}

const hooks = /** @type {{ __c?: (vnode: unknown, queue: unknown[]) => void }} */ (
  /** @type {unknown} */ (options)
)
const nextCommit = hooks.__c
hooks.__c = (vnode, queue) => {
  for (const old of replaced.splice(0)) old.__k = null
  nextCommit?.(vnode, queue)
}
