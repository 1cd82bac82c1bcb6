/**
 * Chaos mode's Web Worker: binds the pure host (chaosHost.ts) to the worker's globals. Start it
 * with `spawnChaosWorker()` from chaosClient.ts and talk to it through that client.
 */
import type { FromChaos, ToChaos } from './chaosProtocol'
import { createChaosHost } from './chaosHost'

// A MessageChannel yields to the event loop without setTimeout's 4 ms clamp (as in
// explorer.worker.ts).
const channel = new MessageChannel()
const pending: Array<() => void> = []
channel.port1.onmessage = () => pending.shift()?.()

const host = createChaosHost({
  post: (message: FromChaos) => self.postMessage(message),
  nowMs: () => performance.now(),
  defer: (fn) => {
    pending.push(fn)
    channel.port2.postMessage(null)
  },
})

self.addEventListener('message', (event: MessageEvent<ToChaos>) => host.receive(event.data))
