/**
 * Violations per 1,000 runs by kind, fencing on vs off: grouped bars (React draws the SVG from
 * chaosPlotModel's geometry). Colour-blind safe (Okabe–Ito blue vs vermillion, and the "off" bars
 * hatched too, so the two differ without colour), labelled with their values, described in words
 * for screen readers, with the same numbers as a table.
 */
import { useId } from 'react'
import type { ChaosProgress, ChaosSide } from '../../explore'
import { useElementWidth } from '../hooks'
import {
  chaosPlotModel,
  countOf,
  formatRate,
  perThousand,
  PLOT_KINDS,
  plotLabel,
} from './chaosPlotModel'

export const SIDE_LABELS: Record<ChaosSide, string> = {
  fenced: 'Fencing on (atomic)',
  unfenced: 'Fencing off (none)',
}

export function ChaosPlot({ progress }: { progress: ChaosProgress }) {
  const [ref, measured] = useElementWidth<HTMLDivElement>()
  const width = measured > 0 ? measured : 640
  const model = chaosPlotModel(progress, width)
  const rawId = useId()
  const id = rawId.replace(/[^a-zA-Z0-9_-]/g, '')
  const hatch = `fl-chaos-hatch-${id}`
  const titleId = `fl-chaos-title-${id}`
  const descId = `fl-chaos-desc-${id}`
  const words = (side: ChaosSide) =>
    PLOT_KINDS.map(
      (kind) =>
        `${plotLabel(kind).toLowerCase()} ${formatRate(perThousand(countOf(progress, side, kind), progress.done))}`,
    ).join(', ')
  return (
    <figure className="fl-chaos-figure">
      <figcaption className="fl-chaos-caption">
        <span className="fl-strong">Violations per 1,000 runs</span>
        <span className="fl-chaos-legend" aria-hidden="true">
          <span className="fl-chaos-key">
            <svg width="14" height="14" viewBox="0 0 14 14">
              <rect className="fl-chaos-bar--fenced" width="14" height="14" rx="2" />
            </svg>
            {SIDE_LABELS.fenced}
          </span>
          <span className="fl-chaos-key">
            <svg width="14" height="14" viewBox="0 0 14 14">
              <rect fill={`url(#${hatch})`} width="14" height="14" rx="2" />
            </svg>
            {SIDE_LABELS.unfenced}
          </span>
        </span>
      </figcaption>
      <div ref={ref} className="fl-chaos-plot">
        <svg
          width={model.width}
          height={model.height}
          viewBox={`0 0 ${model.width} ${model.height}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          {...(model.narrow ? { 'data-narrow': '' } : {})}
        >
          <title id={titleId}>
            Violations per 1,000 runs by kind, fencing on vs off (
            {progress.done.toLocaleString('en')} runs)
          </title>
          <desc id={descId}>
            {`${SIDE_LABELS.fenced}: ${words('fenced')}. ${SIDE_LABELS.unfenced}: ${words('unfenced')}.`}
          </desc>
          <defs>
            <pattern
              id={hatch}
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect className="fl-chaos-bar--unfenced" width="6" height="6" />
              <line className="fl-chaos-hatch-line" x1="0" y1="0" x2="0" y2="6" />
            </pattern>
          </defs>
          {model.ticks.map((t) => (
            <g key={t.text} className="fl-chaos-tick">
              <line x1={model.plot.left} x2={model.plot.right} y1={t.y} y2={t.y} />
              <text x={model.plot.left - 6} y={t.y} dy="0.32em" textAnchor="end">
                {t.text}
              </text>
            </g>
          ))}
          {model.groups.map((g) => (
            <g key={g.kind} className="fl-chaos-group">
              {g.bars.map((b) => (
                <g key={b.side}>
                  {b.height > 0 ? (
                    <rect
                      className={b.side === 'fenced' ? 'fl-chaos-bar--fenced' : undefined}
                      fill={b.side === 'unfenced' ? `url(#${hatch})` : undefined}
                      x={b.x}
                      y={b.y}
                      width={b.width}
                      height={b.height}
                      rx="2"
                    />
                  ) : null}
                  <text
                    className="fl-chaos-value"
                    x={b.x + b.width / 2}
                    y={b.y - 5}
                    textAnchor="middle"
                  >
                    {b.text}
                  </text>
                </g>
              ))}
              <text className="fl-chaos-axis-label" x={g.center} y={model.plot.bottom + 15}>
                {g.lines.map((line, i) => (
                  <tspan key={line} x={g.center} dy={i === 0 ? 0 : '1.15em'} textAnchor="middle">
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          ))}
          <line
            className="fl-chaos-baseline"
            x1={model.plot.left}
            x2={model.plot.right}
            y1={model.plot.bottom}
            y2={model.plot.bottom}
          />
        </svg>
      </div>
      <details className="fl-chaos-table">
        <summary>Show the numbers as a table</summary>
        <table>
          <caption className="fl-visually-hidden">
            Runs with at least one violation of each kind, out of{' '}
            {progress.done.toLocaleString('en')}
          </caption>
          <thead>
            <tr>
              <th scope="col">Violation</th>
              <th scope="col">{SIDE_LABELS.fenced}</th>
              <th scope="col">{SIDE_LABELS.unfenced}</th>
            </tr>
          </thead>
          <tbody>
            {PLOT_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">
                  {plotLabel(kind)}
                  {kind === 'any' ? '' : <code> {kind}</code>}
                </th>
                {(['fenced', 'unfenced'] as const).map((side) => {
                  const count = countOf(progress, side, kind)
                  return (
                    <td key={side}>
                      {count.toLocaleString('en')} runs ·{' '}
                      {formatRate(perThousand(count, progress.done))} per 1,000
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
