/**
 * The lab page: reads the address (a preset, a custom scenario link, a cursor time), opens one
 * lab, and keeps the address in step with it. A bad link opens the default scenario with a
 * message that says what was wrong — never a blank page.
 */
import { useEffect, useState } from 'react'
import { readLabLink, readLinkView } from '../embed/urlCodec'
import { DEFAULT_PRESET_ID } from '../sim'
import type { LabInit, LabStore } from '../store'
import { createLabStore, LabProvider } from '../store'
import { ErrorBoundary } from './ErrorBoundary'
import type { ExploreSlot } from './explore/slot'
import { createExploreSlot, ExploreSlotProvider } from './explore/slot'
import { Lab } from './Lab'
import { keepSessionHistory, readSessionHistory } from './sessionHistory'
import { startUrlSync } from './urlSync'
import './lab.css'

function storeFromAddress(): LabStore {
  const link = readLabLink(location.search, location.hash)
  const { view, problem: viewProblem } = readLinkView(location.search, location.hash)
  const init: LabInit = {
    // Undo survives a reload of this tab when the address still shows the same scenario.
    history: readSessionHistory(),
    reducedMotion:
      typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches,
  }
  if (link.source.kind === 'preset') init.preset = link.source.id
  if (link.source.kind === 'custom') init.scenario = link.source.scenario
  if (link.cursorMs !== null) init.cursorMs = link.cursorMs
  if (view.compare !== undefined) init.compareMode = view.compare
  if (view.future !== undefined) init.futureMode = view.future
  const store = createLabStore(init)
  if (link.problem !== null) {
    const fallback =
      link.source.kind === 'default'
        ? ` Showing the default scenario, “${store.getState().lab.scenario.title ?? DEFAULT_PRESET_ID}”.`
        : ''
    store.setState({
      notice: `${link.problem}${fallback}${viewProblem === null ? '' : ` ${viewProblem}`}`,
    })
  } else if (viewProblem !== null) {
    store.setState({ notice: viewProblem })
  }
  return store
}

/** One lab instance: its store, and the slot its explorer's store is made in on first use. */
function labOf(store: LabStore): { store: LabStore; explore: ExploreSlot } {
  return { store, explore: createExploreSlot() }
}

export function App() {
  const [{ store, explore }, setLab] = useState(() => labOf(storeFromAddress()))
  const reset = () => {
    history.replaceState(null, '', `${location.pathname}?scenario=${DEFAULT_PRESET_ID}`)
    setLab(labOf(createLabStore({ preset: DEFAULT_PRESET_ID })))
  }
  useEffect(() => startUrlSync(store), [store])
  useEffect(() => keepSessionHistory(store), [store])
  // The page around the lab follows the lab's theme (the lab root carries its own too).
  useEffect(() => {
    const apply = (theme: string) => {
      document.documentElement.dataset.theme = theme
    }
    apply(store.getState().theme)
    return store.subscribe((s, previous) => {
      if (s.theme !== previous.theme) apply(s.theme)
    })
  }, [store])
  return (
    <main className="fl-page">
      <ErrorBoundary
        scenarioJson={() => JSON.stringify(store.getState().lab.scenario, null, 2)}
        onReset={reset}
      >
        <LabProvider store={store}>
          <ExploreSlotProvider slot={explore}>
            <Lab />
          </ExploreSlotProvider>
        </LabProvider>
      </ErrorBoundary>
    </main>
  )
}
