/**
 * Where the lab's panels wait for a heavy run's diagram (holdUntilDrawn.ts). It loads with them,
 * after the first screen. Outside a lab page's `DrawnProvider` (the embed, the tour) nothing
 * waits.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import type { ComponentType, FocusEvent, JSX } from 'react'
import { LabProvider, useLabStore } from '../store'
import { isHeavy, useDrawnSignal } from './drawnSignal'
import { giveUpAfter, heldStore, onChangeOrDrawn } from './holdUntilDrawn'

/**
 * Its children see the lab's store through `heldStore`: while a heavy run is being drawn they
 * keep their last state, and they are inert (a click on the old event log would land in the new
 * run) and busy for assistive technology.
 */
export function HoldUntilDrawn<P extends object>({
  part: Part,
  partProps,
}: {
  part: ComponentType<P>
  partProps: P
}) {
  const store = useLabStore()
  const signal = useDrawnSignal()
  const held = useMemo(
    () => (signal === null ? null : heldStore(store, signal, isHeavy)),
    [store, signal],
  )
  // A diagram that never draws must not keep anything waiting (the report waits too, Lab.tsx).
  useEffect(
    () => (signal === null ? undefined : giveUpAfter(store, signal, isHeavy)),
    [store, signal],
  )
  const subscribe = useCallback(
    (listener: () => void) =>
      signal === null ? () => {} : onChangeOrDrawn(store, signal, listener),
    [store, signal],
  )
  const holding = useSyncExternalStore(
    subscribe,
    () => held?.holding() ?? false,
    // Prerendered (scripts/prerender.ts): nothing is being drawn yet.
    () => false,
  )
  // Inert, the part loses the focus it held (the reader's button in "Break things", a row of the
  // log): it gets it back when the wait is over, unless the reader has gone elsewhere meanwhile.
  const focused = useRef<HTMLElement | null>(null)
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLElement) focused.current = event.target
  }
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget
    const inside = to instanceof Node && event.currentTarget.contains(to)
    // Blurred by the wait itself: remembered, to be given back.
    if (!inside && !(held?.holding() ?? false)) focused.current = null
  }
  useEffect(() => {
    const element = focused.current
    if (holding || element === null) return
    const lost = document.activeElement === null || document.activeElement === document.body
    if (lost && element.isConnected) element.focus({ preventScroll: true })
  }, [holding])
  // The part's element is made here, in each render, never passed in: preact clones an element
  // it is given again and leaves the original with the tree of its first render, and the
  // provider's props below kept that original, and with it the first run's panels (a run of
  // 130k events stayed in memory after the reader's edits had replaced it).
  if (held === null) return <Part {...partProps} />
  return (
    <div
      className="fl-held"
      inert={holding}
      aria-busy={holding ? true : undefined}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <LabProvider store={held}>
        <Part {...partProps} />
      </LabProvider>
    </div>
  )
}

/** `Part` waiting for a heavy run's diagram (the lab page wraps its lazy panels). */
export function heldUntilDrawn<P extends object>(
  Part: ComponentType<P>,
): (props: P) => JSX.Element {
  // Memoized: a new element of it with the same props (the hold's every change) renders nothing.
  const Steady = memo(Part) as unknown as ComponentType<P>
  return function Held(props: P) {
    return <HoldUntilDrawn part={Steady} partProps={props} />
  }
}
