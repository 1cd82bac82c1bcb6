import { useEffect, useRef } from 'react'

/**
 * Focus around a run (a search, a chaos run): keyboard users land on Cancel when it starts. When
 * it ends, Cancel goes away: focus it took along (now nowhere) moves to the result's heading
 * (`data-explore-result-heading`), or back to the start button.
 */
export function useRunFocus(running: boolean) {
  const rootRef = useRef<HTMLDivElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const startRef = useRef<HTMLButtonElement>(null)
  const wasRunning = useRef(false)

  useEffect(() => {
    const root = rootRef.current
    if (running && !wasRunning.current) cancelRef.current?.focus()
    if (!running && wasRunning.current && root !== null) {
      const active = (root.getRootNode() as Document | ShadowRoot).activeElement
      if (active === null || active === root.ownerDocument.body) {
        const heading = root.querySelector<HTMLElement>('[data-explore-result-heading]')
        ;(heading ?? startRef.current)?.focus()
      }
    }
    wasRunning.current = running
  }, [running])

  return { rootRef, cancelRef, startRef }
}
