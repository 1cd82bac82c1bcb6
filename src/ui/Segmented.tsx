/** A small group of radio buttons drawn as a segmented control (arrow keys move between them). */
import { useId } from 'react'

export interface SegmentedOption<T extends string> {
  value: T
  label: string
}

export function Segmented<T extends string>({
  legend,
  options,
  value,
  onChange,
  hideLegend = false,
}: {
  legend: string
  options: ReadonlyArray<SegmentedOption<T>>
  value: T
  onChange: (value: T) => void
  hideLegend?: boolean
}) {
  const name = useId()
  return (
    <fieldset className="fl-segmented">
      <legend className={hideLegend ? 'fl-visually-hidden' : 'fl-segmented-legend'}>
        {legend}
      </legend>
      <div className="fl-segmented-options">
        {options.map((option) => (
          <label key={option.value} className="fl-segment">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
