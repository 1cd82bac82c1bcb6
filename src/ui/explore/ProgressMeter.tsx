/** A labelled progress bar with a row of figures under it (not a live region: it ticks often). */
import { useId } from 'react'

export function ProgressMeter({
  label,
  value,
  max,
  stats,
}: {
  label: string
  /** Null: not started yet (an indeterminate bar). */
  value: number | null
  max: number
  stats: ReadonlyArray<readonly [string, string]>
}) {
  const labelId = useId()
  return (
    <div className="fl-explore-progress">
      <span id={labelId} className="fl-explore-progress-label">
        {label}
      </span>
      {value === null ? (
        <progress aria-labelledby={labelId} />
      ) : (
        <progress aria-labelledby={labelId} value={value} max={max} />
      )}
      {stats.length > 0 && (
        <dl className="fl-explore-stats">
          {stats.map(([term, figure]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{figure}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
