/**
 * The glue every job worker shares (not a worker entry itself): binds a pure job host
 * (src/explore/jobHost.ts) to the worker's globals: messages, performance.now and a
 * MessageChannel for yielding.
 */
import type { HostEnvironment, JobHost } from '../explore/jobHost'
import type { FromJob, ToJob } from '../explore/jobProtocol'

export function serveJobs<Input, Progress, Result>(
  createHost: (env: HostEnvironment<Progress, Result>) => JobHost<Input>,
): void {
  // A MessageChannel yields to the event loop without setTimeout's 4 ms clamp, so a cancel is
  // received between chunks at almost no cost.
  const channel = new MessageChannel()
  const pending: Array<() => void> = []
  channel.port1.onmessage = () => pending.shift()?.()

  const host = createHost({
    post: (message: FromJob<Progress, Result>) => self.postMessage(message),
    nowMs: () => performance.now(),
    defer: (fn) => {
      pending.push(fn)
      channel.port2.postMessage(null)
    },
  })

  self.addEventListener('message', (event: MessageEvent<ToJob<Input>>) => host.receive(event.data))
}
