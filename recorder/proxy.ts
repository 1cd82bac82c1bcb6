/**
 * A loopback TCP proxy between one client and one server: the recorder's slow or broken network.
 * Each chunk is forwarded after a fixed delay, in order. The recorder can also change the link
 * while a story runs: `hold()` keeps everything sent from then on in the network until `flush()`
 * delivers it (a delay as long as the story needs, never shorter than the work it waits for);
 * `drop()` makes it a black hole (connections open, nothing arrives), which is how a client's
 * requests to one node are lost while the node serves others, or a client is cut off from its
 * lock service; `pass()` heals it.
 */
import type { Server, Socket } from 'node:net'
import { connect, createServer } from 'node:net'
import { HOST } from './services'

export interface Proxy {
  port: number
  hold(): void
  flush(): void
  drop(): void
  pass(): void
  close(): Promise<void>
}

type Mode = 'pass' | 'hold' | 'drop'

export function startProxy(targetPort: number, delayMs = 0, mode: Mode = 'pass'): Promise<Proxy> {
  const sockets = new Set<Socket>()
  const held: Array<() => void> = []
  const deliver = (to: Socket, chunk: Buffer) => () => {
    if (to.writable) to.write(chunk)
  }
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => {
      if (mode === 'drop') return
      const send = deliver(to, chunk)
      if (mode === 'hold') held.push(send)
      else if (delayMs > 0) setTimeout(send, delayMs)
      else send()
    })
    from.on('close', () => to.destroy())
    from.on('error', () => to.destroy())
  }
  const server: Server = createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    const upstream = connect(targetPort, HOST)
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    forward(client, upstream)
    forward(upstream, client)
  })
  return new Promise((resolve, reject) => {
    server.on('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      resolve({
        port,
        hold: () => void (mode = 'hold'),
        flush() {
          mode = 'pass'
          for (const send of held.splice(0)) send()
        },
        drop: () => void (mode = 'drop'),
        pass: () => void (mode = 'pass'),
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => done())
          }),
      })
    })
  })
}
