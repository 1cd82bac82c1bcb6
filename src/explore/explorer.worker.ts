/**
 * The explorer's Web Worker: binds the pure host (workerHost.ts) to the worker's globals. Start
 * it with `spawnExplorerWorker()` from workerClient.ts and talk to it through that client.
 */
import type { FromExplorer, ToExplorer } from './protocol'
import { createExplorerHost } from './workerHost'

// A MessageChannel yields to the event loop without setTimeout's 4 ms clamp, so a cancel is
// received between chunks at almost no cost.
const channel = new MessageChannel()
const pending: Array<() => void> = []
channel.port1.onmessage = () => pending.shift()?.()

const host = createExplorerHost({
  post: (message: FromExplorer) => self.postMessage(message),
  nowMs: () => performance.now(),
  defer: (fn) => {
    pending.push(fn)
    channel.port2.postMessage(null)
  },
})

self.addEventListener('message', (event: MessageEvent<ToExplorer>) => host.receive(event.data))
