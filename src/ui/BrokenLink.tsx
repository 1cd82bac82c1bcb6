/**
 * A link the lab page could not open as written: its notice offers the address as the reader
 * opened it (it is still in the address bar too), for a bug report. The offer is in the page's
 * first load, so it is in the notice's first frame (loaded on demand, it came a moment after the
 * notice and pushed the stage down); the copying loads on the click.
 */
import { useState } from 'react'
import { useLab } from '../store'

export interface BrokenLink {
  /** The notice the link produced: the offer shows while that notice does. */
  notice: string
  href: string
}

export function CopyBrokenLink({ link }: { link: BrokenLink | null }) {
  const notice = useLab((s) => s.notice)
  const [status, setStatus] = useState<'idle' | 'copied' | 'blocked'>('idle')
  if (link === null || notice !== link.notice) return null
  const copy = async () => {
    const { copyText } = await import('./share/clipboard')
    setStatus((await copyText(link.href)) ? 'copied' : 'blocked')
  }
  return (
    <div className="fl-notice-tools">
      <button type="button" className="fl-button fl-button--quiet" onClick={() => void copy()}>
        Copy this link for a bug report
      </button>
      <span className="fl-notice-status" role="status">
        {status === 'copied' ? 'Link copied.' : null}
        {status === 'blocked'
          ? 'Copying was blocked: the link is still in the address bar, copy it from there.'
          : null}
      </span>
    </div>
  )
}
