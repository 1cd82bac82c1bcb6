/** WAI-ARIA tabs (automatic activation): ←/→/Home/End move between tabs. */
import { useId, useRef } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'

export function Tabs<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  children,
}: {
  tabs: ReadonlyArray<{ id: T; label: string }>
  selected: T
  onSelect: (id: T) => void
  label: string
  children: ReactNode
}) {
  const prefix = useId()
  const refs = useRef(new Map<T, HTMLButtonElement>())
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.id === selected),
  )

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    }
    const target = moves[e.key]
    if (target === undefined) return
    e.preventDefault()
    const tab = tabs[(target + tabs.length) % tabs.length]
    if (tab === undefined) return
    onSelect(tab.id)
    refs.current.get(tab.id)?.focus()
  }

  return (
    <div className="fl-tabs">
      <div className="fl-tablist" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(node) => {
              if (node === null) refs.current.delete(t.id)
              else refs.current.set(t.id, node)
            }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${t.id}`}
            aria-selected={t.id === selected}
            aria-controls={`${prefix}-panel`}
            tabIndex={t.id === selected ? 0 : -1}
            className="fl-tab"
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        className="fl-tabpanel"
        role="tabpanel"
        id={`${prefix}-panel`}
        aria-labelledby={`${prefix}-tab-${selected}`}
      >
        {children}
      </div>
    </div>
  )
}
