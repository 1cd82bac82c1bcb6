/**
 * One lab page, laid out as one stage: a compact header (title, scenario, tour, theme), the
 * scenario's question, then the stage — caption, diagram and transport together on the first
 * screen, at 1280×800 as on a phone — and after it the lesson, the catalogue, sharing, the
 * panels and the event log, with the story bar (StageDock) keeping the caption and the story's
 * transport in view once the stage has scrolled away. The page's shortcuts work from the first
 * load (useLabRoot, 'page'); the playback loop runs while the lab is mounted.
 */
import type { ReactNode } from 'react'
import { lazy, memo, Suspense, useRef, useState } from 'react'
import type { Theme } from '../store'
import { useLab, useLabAction } from '../store'
import { ScenarioCatalogue, ScenarioLead, ScenarioSelect } from './ScenarioPicker'
import { Caption } from './Caption'
import { Controls } from './Controls'
import { DiagramPanel } from './DiagramPanel'
import { DrawnProvider, useRunDrawn } from './drawnSignal'
import type { BrokenLink } from './BrokenLink'
import { CopyBrokenLink } from './BrokenLink'
import { LiveRegion, Notice, useLabRoot } from './LabParts'
import { Segmented } from './Segmented'
import { LoadBoundary } from './share/LoadBoundary'
import { ZoomControls } from './ZoomControls'
import type { FileDrops } from './fileDrops'
import { warmUpLayout } from '../viz/warmUp'
import { WarmUpContext } from '../viz/warmUpContext'

// The counterexample explorer's panel loads when its tab is first opened.
const ExplorePanel = lazy(() => import('./explore/ExplorePanel'))
// "Model my setup" loads when its section is first opened.
const SystemPicker = lazy(() => import('./systems/SystemPicker'))
// The panels and the event log sit below the first screen: they load after it, in their own chunk.
// A real history's report loads with the history code, when one is opened.
const HistoryReport = lazy(() => import('./history/HistoryReport'))
const HistoryTop = lazy(() => import('./history/HistoryLead'))
// Off the first screen, so out of the first load: the story bar shows only once the stage has
// scrolled away, and the large-run prompt only for a run too heavy to compute at once.
const StageDock = lazy(() =>
  import('./StageDock').then((module) => ({ default: module.StageDock })),
)
const LargeRun = lazy(() => import('./LargeRun').then((module) => ({ default: module.LargeRun })))
const OpeningNote = lazy(() =>
  import('./LargeRun').then((module) => ({ default: module.OpeningNote })),
)
const ShortcutsList = lazy(() =>
  import('./ShortcutsList').then((module) => ({ default: module.ShortcutsList })),
)
// Sharing and authoring sit below the stage: out of the first load (its dialogs, editor and
// exporters load later still, on first use).
const shareBarModule = () => import('./share/ShareBar')
const ShareBar = lazy(() => shareBarModule().then((module) => ({ default: module.ShareBar })))
// The panels sit below the sharing tools and appear only once the tools' code is in: the tools
// arriving after the panels pushed them 59 px down, under a reader's pointer (a click in them was
// lost when it came in that moment). Should the tools fail to load, the panels still show.
const Panels = lazy(() =>
  Promise.all([
    import('./Panels'),
    // On this page they wait for a heavy run's diagram (loaded with them).
    import('./HoldUntilDrawn'),
    shareBarModule().catch(() => null),
  ]).then(([module, hold]) => ({ default: hold.heldUntilDrawn(module.Panels) })),
)

/**
 * `brokenLink`: the address the page opened, when it was wrong (its notice offers to copy it).
 * `drops`: files dropped where nothing took them (before the sharing tools loaded, or beside the
 * lab), which the sharing tools open.
 */
export function Lab({
  brokenLink = null,
  drops,
}: {
  brokenLink?: BrokenLink | null
  drops?: FileDrops | undefined
}) {
  return (
    <DrawnProvider>
      <WarmUpContext.Provider value={warmUpLayout}>
        <LabRoot brokenLink={brokenLink} drops={drops} />
      </WarmUpContext.Provider>
    </DrawnProvider>
  )
}

/**
 * The lab's root element, its theme and motion, and the page's keys and playback. A change of
 * theme renders this alone: the page inside (LabBody) is not rendered again for it. Preact keeps
 * the tree an element was last rendered with by its parent (preactjs/preact #4909), so rendering
 * the page again while a heavy run was shown kept that run in memory once the reader's edits had
 * replaced it (48 -> 87 MiB after a theme change and three edits of the 100k link); the page's
 * elements are made once, while the lab opens.
 */
function LabRoot({ brokenLink, drops }: LabProps) {
  const { theme, reducedMotion } = useLabRoot('page')
  return (
    <div className="fl-lab" data-theme={theme} data-motion={reducedMotion ? 'reduced' : 'full'}>
      <LabBody brokenLink={brokenLink} drops={drops} />
    </div>
  )
}

interface LabProps {
  brokenLink: BrokenLink | null
  drops: FileDrops | undefined
}

/** The page inside the root, made once (LabRoot says why). */
const LabBody = memo(function LabBody({ brokenLink, drops }: LabProps) {
  const stage = useRef<HTMLElement>(null)
  return (
    <>
      <header className="fl-header">
        <h1 className="fl-title">Fencing Lab</h1>
        <section className="fl-picker" aria-label="Scenario">
          <ScenarioSelect />
        </section>
        <div className="fl-header-tools">
          <a className="fl-button fl-button--quiet fl-tour-link" href="tour.html">
            Guided tour
          </a>
          <div className="fl-theme-header">
            <ThemeToggle />
          </div>
        </div>
      </header>
      <Notice>{brokenLink !== null && <CopyBrokenLink link={brokenLink} />}</Notice>
      <LargeRunSlot />
      <ScenarioLead />
      <RealHistoryTop />
      <section ref={stage} className="fl-stage" aria-label="Timeline" tabIndex={-1}>
        <UnlessOpening>
          {() => (
            <>
              <Caption />
              <DiagramPanel ZoomControls={ZoomControls} />
              <Controls />
            </>
          )}
        </UnlessOpening>
      </section>
      <RealHistoryReport />
      <div className="fl-after-stage">
        {/* On a phone the theme waits here, so the first screen keeps its room for the stage. */}
        <div className="fl-theme-after">
          <ThemeToggle />
        </div>
        <p className="fl-lesson">
          A lease gives availability, not safety. Only a fencing token checked by the resource keeps
          a paused or delayed former holder from doing harm.
        </p>
        <ModelMySetup />
        <ScenarioCatalogue />
        <LoadBoundary what="sharing tools">
          <Suspense fallback={<p className="fl-hint">Loading the sharing tools…</p>}>
            <ShareBar drops={drops} />
          </Suspense>
        </LoadBoundary>
        <Shortcuts />
      </div>
      <UnlessOpening>
        {() => (
          <LoadBoundary what="panels">
            <Suspense fallback={<p className="fl-hint">Loading the panels…</p>}>
              <Panels
                explorer={
                  <Suspense fallback={<p className="fl-hint">Loading the explorer…</p>}>
                    <ExplorePanel />
                  </Suspense>
                }
              />
            </Suspense>
          </LoadBoundary>
        )}
      </UnlessOpening>
      {/* The caption and the story's transport, kept in view while the panels are read. */}
      <Suspense fallback={null}>
        <StageDock stage={stage} />
      </Suspense>
      <LiveRegion />
    </>
  )
})

/**
 * A large run's prompt or progress (its code loads only once a run needs it); for a heavy link's
 * run, the stage it will be drawn on too, in place of the default scenario's (hidden meanwhile by
 * labPage.css). The page around it is not rendered again for that: an element the lab page made
 * keeps the tree of its first render (preact), so rendering the page with a heavy run held that
 * run for good once the reader's edits had replaced it.
 */
function LargeRunSlot() {
  const opening = useLab((s) => s.pendingRun?.opening ?? null)
  if (opening === null) return null
  const prompt = (
    <Suspense fallback={null}>
      <LargeRun />
    </Suspense>
  )
  if (!opening) return prompt
  // Its stage is here from the first frame (its words may still load), so the default scenario's
  // stage is hidden before anything measures or draws it.
  return (
    <>
      {prompt}
      <section className="fl-stage fl-stage--opening" aria-label="Timeline">
        <Suspense fallback={null}>
          <OpeningNote />
        </Suspense>
      </section>
    </>
  )
}

/**
 * What shows the lab's scenario (its stage and the panels), not made while a heavy link's run is
 * asked about or computed: the lab holds the default scenario meanwhile, which is not shown
 * (labPage.css hides where it would be), and making its parts anyway was the longest task of
 * such a page (its first render, 106 ms traced on the benchmark's 100k link), with the panels'
 * code fetched and run too. They are made once the link's run arrives, or the default once the
 * reader says "Not now". `children` makes the elements, anew at each render:
 * elements made once by LabBody, first placed here for a heavy run, would keep that run's tree
 * (preact keeps the tree an element was first placed in) after the reader's edits replaced it.
 */
function UnlessOpening({ children }: { children: () => ReactNode }) {
  // A boolean, so a later heavy edit's run (not the first: opening is false) renders nothing here.
  return useLab((s) => s.pendingRun?.opening === true) ? null : children()
}

/** That a real history is open or being read (its code loads only once one is). */
function RealHistoryTop() {
  const shown = useLab((s) => s.base.kind === 'history' || s.historyStatus !== null)
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <HistoryTop />
    </Suspense>
  )
}

function RealHistoryReport() {
  const isHistory = useLab((s) => s.base.kind === 'history')
  // A heavy history's report comes after its diagram: its code and its rows, loaded and laid out
  // between the diagram's slices, held the diagram back (drawnSignal.tsx).
  const drawn = useRunDrawn()
  if (!isHistory || !drawn) return null
  return (
    <LoadBoundary what="history report">
      <Suspense fallback={<p className="fl-hint">Loading the report…</p>}>
        <HistoryReport />
      </Suspense>
    </LoadBoundary>
  )
}

function ModelMySetup() {
  return (
    <DetailsOnDemand
      className="fl-systems"
      summary="Model my setup: client-go, etcd, ZooKeeper, Consul, Redis, DynamoDB…"
      what="system picker"
      loading="Loading the systems…"
    >
      <SystemPicker />
    </DetailsOnDemand>
  )
}

/** A <details> whose content loads when it is first opened: none of it is on the first screen. */
function DetailsOnDemand({
  className,
  summary,
  what,
  loading,
  children,
}: {
  className: string
  summary: string
  /** What failed to load, in a message (LoadBoundary). */
  what: string
  loading: string
  children: ReactNode
}) {
  const [opened, setOpened] = useState(false)
  return (
    <details className={className} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {opened && (
        <LoadBoundary what={what}>
          <Suspense fallback={<p className="fl-hint">{loading}</p>}>{children}</Suspense>
        </LoadBoundary>
      )}
    </details>
  )
}

const THEMES: ReadonlyArray<{ value: Theme; label: string }> = [
  { value: 'auto', label: 'Auto' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

function ThemeToggle() {
  const theme = useLab((s) => s.theme)
  const setTheme = useLabAction('setTheme')
  return (
    <div className="fl-theme">
      <Segmented legend="Theme" options={THEMES} value={theme} onChange={setTheme} hideLegend />
    </div>
  )
}

function Shortcuts() {
  return (
    <DetailsOnDemand
      className="fl-shortcuts"
      summary="Keyboard shortcuts"
      what="shortcuts"
      loading="Loading the shortcuts…"
    >
      <ShortcutsList />
    </DetailsOnDemand>
  )
}
