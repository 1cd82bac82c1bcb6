/**
 * Keeps a failure in an optional piece of the lab (a chunk that did not load) from taking the
 * whole lab down (the lab-wide ErrorBoundary would replace it all).
 */
import { Component } from 'react'
import type { ReactNode } from 'react'
// The sharing styles (share.css) are shared: the lazy chunks that use them (the share bar, Model
// my setup, the history opener, the explorer's settings) and this boundary's own message all
// count on them, so they load with the page, as the boundary does.
import './share.css'

export class LoadBoundary extends Component<
  { what: string; children: ReactNode },
  { message: string | null }
> {
  override state = { message: null as string | null }

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) }
  }

  override render() {
    if (this.state.message === null) return this.props.children
    return (
      <p className="fl-share-error" role="alert">
        The {this.props.what} could not be opened ({this.state.message}). Reload the page to try
        again; the lab itself keeps working.
      </p>
    )
  }
}
