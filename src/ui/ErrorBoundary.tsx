/**
 * The last line of defence: an unexpected error anywhere in a lab shows what happened, a way to
 * start again from the default scenario, and the scenario as JSON to paste into a bug report —
 * never a white screen.
 */
import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'

interface Props {
  children: ReactNode
  /** The scenario the lab was running, as JSON (for a bug report); may itself fail. */
  scenarioJson: () => string
  /** Starts again with the default scenario. */
  onReset: () => void
}

interface State {
  error: Error | null
  copied: 'idle' | 'copied' | 'failed'
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, copied: 'idle' }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)), copied: 'idle' }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Keep the details for whoever opens the console; the reader sees the panel below.
    console.error('Fencing Lab stopped with an error:', error, info.componentStack)
  }

  private report(): string {
    let scenario: string
    try {
      scenario = this.props.scenarioJson()
    } catch (error) {
      scenario = `(the scenario could not be serialised: ${String(error)})`
    }
    return `Error: ${this.state.error?.message ?? 'unknown'}\n\nScenario:\n${scenario}\n`
  }

  private copy = () => {
    const text = this.report()
    const done = (copied: State['copied']) => this.setState({ copied })
    if (typeof navigator !== 'undefined' && navigator.clipboard !== undefined) {
      navigator.clipboard.writeText(text).then(
        () => done('copied'),
        () => done('failed'),
      )
    } else {
      done('failed')
    }
  }

  private reset = () => {
    // The owner swaps in a fresh lab first; both updates land in the same render.
    this.props.onReset()
    this.setState({ error: null, copied: 'idle' })
  }

  override render(): ReactNode {
    const { error, copied } = this.state
    if (error === null) return this.props.children
    return (
      <section className="fl-crash-panel" role="alert" aria-labelledby="fl-crash-title">
        <h2 id="fl-crash-title">Something went wrong in the lab</h2>
        <p>
          The lab stopped with an unexpected error: <code>{error.message}</code>. Your scenario is
          not lost — copy it below for a bug report, or start again from the default scenario.
        </p>
        <div className="fl-crash-actions">
          <button type="button" className="fl-button" onClick={this.reset}>
            Reset to the default scenario
          </button>
          <button type="button" className="fl-button fl-button--quiet" onClick={this.copy}>
            Copy the scenario for a bug report
          </button>
          <span aria-live="polite">
            {copied === 'copied'
              ? 'Copied.'
              : copied === 'failed'
                ? 'Select the text below and copy it.'
                : ''}
          </span>
        </div>
        <label className="fl-crash-report">
          Bug report
          <textarea readOnly rows={8} value={this.report()} />
        </label>
      </section>
    )
  }
}
