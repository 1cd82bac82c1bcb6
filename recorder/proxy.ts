/**
 * A loopback TCP proxy that delays what passes through it: the recorder's slow or broken
 * network. Each chunk is forwarded `delayMs` after it arrived, in order; `delayMs: null` is a
 * black hole (the connection opens, nothing ever arrives), which is how a client's requests to
 * one node are "lost" while the node itself serves others.
 */
import type { Server, Socket } from 'node:net'
import { connect, createServer } from 'node:net'
import { HOST } from './services'

export interface Proxy {
  port: number
  close(): Promise<void>
}

function forward(from: Socket, to: Socket, delayMs: number | null) {
  from.on('data', (chunk) => {
    if (delayMs === null) return
    // Same delay for every chunk: the order is kept.
    setTimeout(() => to.writable && to.write(chunk), delayMs)
  })
  from.on('close', () => setTimeout(() => to.destroy(), delayMs ?? 0))
  from.on('error', () => to.destroy())
}

export function startProxy(targetPort: number, delayMs: number | null): Promise<Proxy> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    if (delayMs === null) {
      client.on('data', () => undefined)
      client.on('error', () => undefined)
      return
    }
    const upstream = connect(targetPort, HOST)
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    forward(client, upstream, delayMs)
    forward(upstream, client, delayMs)
  })
  return new Promise((resolve, reject) => {
    server.on('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => done())
          }),
      })
    })
  })
}
