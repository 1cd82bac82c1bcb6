/**
 * The lab page: reads the address (a preset, a custom scenario link, a cursor time, view options)
 * through src/link, opens one lab with the link's notice, and keeps the address in step with it.
 * A bad link opens the default scenario with a message that says what was wrong — never a blank
 * page — and stays in the address bar until the reader changes something. Pasting another link
 * into the address bar, Back and Forward open the lab at the address they lead to.
 */
import { useEffect, useState } from 'react'
import type { DecodeLink } from '../link/lab'
import { encodedScenarioOf, holdsScenario, readLabAddress } from '../link/lab'
import { writeAddress } from '../link/address'
import { DEFAULT_PRESET_ID } from '../sim'
import type { LabInit, LabStore } from '../store'
import { createLabStore, createLargeRuns, LabProvider } from '../store'
import { spawnRunWorker } from '../workers/spawn'
import { ErrorBoundary } from './ErrorBoundary'
import type { ExploreSlot } from './explore/slot'
import { createExploreSlot, ExploreSlotProvider } from './explore/slot'
import { Lab } from './Lab'
import { readSessionHistory } from './sessionHistory'
import type { Steps } from '../viz/layout'
import type { Schedule } from '../viz/sliceSteps'
import { nextTask, sliceSteps } from '../viz/sliceSteps'
import type { BrokenLink } from './BrokenLink'
import { startUrlSync } from './urlSync'
import type { FileDrops } from './fileDrops'
import { nextTimerTask, whenIdle } from './whenIdle'
import './lab.css'
import './labPage.css'

export interface Opened {
  store: LabStore
  /** Where this lab's explorer makes its store on first use. */
  explore: ExploreSlot
  /** The address the reader opened, when something in it was wrong. */
  brokenLink: BrokenLink | null
}

let decoder: Promise<DecodeLink | null> | null = null

/**
 * What the address needs to open: the decoder when it holds a custom scenario (loaded once, on
 * demand: most readers open a preset), else nothing. Null when the decoder could not be loaded.
 */
export function addressNeeds(): Promise<DecodeLink | null> {
  if (!holdsScenario(location.search, location.hash)) return Promise.resolve(null)
  decoder ??= import('../link/decode').then(
    (m) => m.decodeScenario,
    () => {
      decoder = null
      return null
    },
  )
  return decoder
}

/**
 * `decode`, having already read the address's own scenario before the lab opens. A long link (ten
 * clients contending for 500 rounds, 25,000 script lines, 4 kB) took 150–190 ms to inflate and
 * check, and in the same task as the app's first render the two held the page 0.6 s before it
 * could answer. It is read a piece at a time (`inPieces`: ui/linkInPieces.ts, run in slices
 * as the diagram's layout is, a slice a task of `schedule`), so no task of it holds the page for
 * more than a piece (2,000 lines: about a twelfth of that check). The scenario read ahead is
 * handed out once, to the lab that opens it; any other call decodes anew.
 */
export async function decodedAhead(
  decode: DecodeLink,
  options: {
    inPieces?: (encoded: string) => Steps<ReturnType<DecodeLink>>
    schedule?: Schedule
  } = {},
): Promise<DecodeLink> {
  const encoded = encodedScenarioOf(location.search, location.hash)
  if (encoded === null) return decode
  const read = options.inPieces ?? (await (await import('./linkInPieces')).linkInPieces(encoded))
  let ahead: ReturnType<DecodeLink> | null = await new Promise((resolve) => {
    sliceSteps(read(encoded), resolve, { schedule: options.schedule ?? nextTask })
  })
  return (text) => {
    if (text !== encoded || ahead === null) return decode(text)
    const result = ahead
    ahead = null
    return result
  }
}

/**
 * The lab the address opens: its store (the run derived, the link's notice) and its explore slot.
 * The lab page opens it in a task before the app's first render (`openedAhead`); following an
 * address later (Back, Forward) opens it here.
 */
export function openAddress(decode: DecodeLink | null): Opened {
  const start = readLabAddress(location.search, location.hash, decode)
  const init: LabInit = {
    // Undo survives a reload of this tab when the address still shows the same scenario.
    history: readSessionHistory(),
    reducedMotion:
      typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches,
    notice: start.notice,
    // Runs too heavy for a frame are computed in a Web Worker, started on first need (and its
    // client's code loaded then).
    background: {
      createLargeRuns,
      runner: () =>
        import('../explore/runJob').then(({ createRunClient }) =>
          createRunClient(spawnRunWorker()),
        ),
    },
  }
  if (start.source.kind === 'preset') init.preset = start.source.id
  if (start.source.kind === 'custom') init.scenario = start.source.scenario
  if (start.cursorMs !== null) init.cursorMs = start.cursorMs
  if (start.view.compare !== undefined) init.compareMode = start.view.compare
  if (start.view.future !== undefined) init.futureMode = start.view.future
  return {
    store: createLabStore(init),
    explore: createExploreSlot(),
    brokenLink: start.notice === null ? null : { notice: start.notice, href: location.href },
  }
}

/**
 * The address's lab opened in this task (its store: the scenario's run derived), resolved in the
 * next, where the page renders it: one task for both held a cold page for their sum.
 */
export async function openedAhead(decode: DecodeLink | null): Promise<Opened> {
  const opened = openAddress(decode)
  await nextTimerTask()
  return opened
}

/**
 * `decode`: what `addressNeeds` gave for the address the page opened with; `opened`: that
 * address's lab when the page has already opened it (`openAddress`). `drops`: the page's guard
 * on file drops (main.tsx), whose held drops the sharing tools take.
 */
export function App({
  decode,
  opened: openedBefore,
  drops,
}: {
  decode: DecodeLink | null
  opened?: Opened
  drops?: FileDrops
}) {
  const [opened, setOpened] = useState(() => openedBefore ?? openAddress(decode))
  const { store, explore } = opened
  const reset = () => {
    const { search } = writeAddress({ kind: 'preset', id: DEFAULT_PRESET_ID }, 0)
    history.replaceState(null, '', `${location.pathname}${search}`)
    setOpened({
      store: createLabStore({ preset: DEFAULT_PRESET_ID }),
      explore: createExploreSlot(),
      brokenLink: null,
    })
  }
  // A link pasted into the address bar, Back and Forward: each fires popstate (a new fragment
  // fires hashchange too, after popstate, so following one event opens the address once).
  useEffect(() => {
    let latest = 0
    const follow = () => {
      const mine = ++latest
      void addressNeeds()
        .then((d) => (d === null ? null : decodedAhead(d)))
        .then((d) => {
          // Only the last address followed opens (Back twice quickly while the decoder loads).
          if (mine === latest) setOpened(openAddress(d))
        })
    }
    window.addEventListener('popstate', follow)
    return () => window.removeEventListener('popstate', follow)
  }, [])
  useEffect(() => startUrlSync(opened.store, { keepAddress: opened.brokenLink !== null }), [opened])
  useEffect(() => {
    // Its writer loads in the page's first idle moment after the first screen (not among the
    // lab's start-up tasks); its first write takes any edit made meanwhile.
    let stop: (() => void) | null | undefined
    const cancel = whenIdle(() => {
      void import('./sessionHistoryWrite').then((m) => {
        if (stop === undefined) stop = m.keepSessionHistory(store)
      })
    }, 0)
    return () => {
      cancel()
      stop?.()
      stop = null
    }
  }, [store])
  // A lab that is closed (another address opened) ends its run worker, and any run in it.
  useEffect(() => () => store.getState().releaseWorker(), [store])
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
            <Lab brokenLink={opened.brokenLink} drops={drops} />
          </ExploreSlotProvider>
        </LabProvider>
      </ErrorBoundary>
    </main>
  )
}
