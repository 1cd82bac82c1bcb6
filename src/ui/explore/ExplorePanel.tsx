/**
 * The "Find a counterexample" tab: ask whether faults can break the scenario in the lab. A
 * systematic search (fewest faults first, so the first hit is minimal) or chaos mode (random
 * schedules, counted). Both run in Web Workers; the lab stays usable while they do.
 *
 * Loaded lazily (the default export), so the lab's first load does not carry it.
 */
import { useEffect } from 'react'
import { Segmented } from '../Segmented'
import { ChaosView } from './ChaosView'
import { useExplore, useExploreStore } from './context'
import { SearchView } from './SearchView'
import { Settings } from './Settings'
import './explore.css'

export default function ExplorePanel() {
  const store = useExploreStore()
  useEffect(() => store.getState().retain(), [store])
  const mode = useExplore((s) => s.mode)
  const setMode = useExplore((s) => s.setMode)
  const running = useExplore(
    (s) =>
      (s.mode === 'search' && s.search?.slots.some((x) => x.state.status === 'running') === true) ||
      (s.mode === 'chaos' && s.chaos?.state.status === 'running'),
  )
  return (
    <div className="fl-explore">
      <p className="fl-explore-intro">
        Can faults break this configuration? The <strong>systematic search</strong> tries fault
        schedules fewest faults first and stops at the first that breaks an invariant;{' '}
        <strong>chaos mode</strong> throws random ones and counts. Both run in the background.
      </p>
      <Segmented
        legend="Mode"
        hideLegend
        options={[
          { value: 'search', label: 'Systematic search' },
          { value: 'chaos', label: 'Chaos mode' },
        ]}
        value={mode}
        onChange={setMode}
      />
      <Settings mode={mode} disabled={running} />
      {mode === 'search' ? <SearchView /> : <ChaosView />}
    </div>
  )
}
