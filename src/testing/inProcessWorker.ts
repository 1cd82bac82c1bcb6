/**
 * A job worker in-process, for tests: messages cross as clones on later macrotasks, as they do
 * between a page and a Web Worker. Pure: the test supplies the scheduling, cloning and clock.
 */
import type { JobPort } from '../explore/jobClient'
import type { HostEnvironment, JobHost } from '../explore/jobHost'
import type { FromJob } from '../explore/jobProtocol'

export interface Transport {
  /** Runs `fn` on a later macrotask (setImmediate in Node). */
  later: (fn: () => void) => void
  clone: <T>(value: T) => T
  nowMs: () => number
}

export function inProcessWorker<Input, Progress, Result>(
  createHost: (env: HostEnvironment<Progress, Result>) => JobHost<Input>,
  transport: Transport,
) {
  const { later, clone } = transport
  /** Everything the host posted, in order. */
  const log: FromJob<Progress, Result>[] = []
  let terminated = false
  const port: JobPort<Input, Progress, Result> = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      if (terminated) return
      const copy = clone(message)
      later(() => host.receive(copy))
    },
    terminate() {
      terminated = true
    },
  }
  const host = createHost({
    post(message) {
      if (terminated) return
      log.push(message)
      const copy = clone(message)
      later(() => port.onmessage?.({ data: copy }))
    },
    nowMs: transport.nowMs,
    defer: (fn) => later(() => (terminated ? undefined : fn())),
  })
  return { port, log }
}
