/**
 * The protected resource: a one-value store in the recorder's own process, reached over
 * loopback TCP (one JSON request a line) so a delaying proxy can stand between it and a client.
 * With `fencing: 'atomic'` it remembers the highest token it accepted and rejects a lower one in
 * the same step as the write; with `'none'` it applies every write. It records what it did.
 */
import type { Server, Socket } from 'node:net'
import { createServer } from 'node:net'
import type { History, Token } from './history'
import { HOST } from './services'

export interface StoreRequest {
  op: 'read' | 'write'
  client: string
  token: Token
  value?: string
  id?: string
}

export interface StoreReply {
  ok: boolean
  value: string | null
  reason?: string
}

export interface Store {
  name: string
  port: number
  close(): Promise<void>
}

/** Tokens compare as whole numbers (an etcd revision, a zxid); text that is not one cannot. */
function asNumber(token: Token): bigint | null {
  if (typeof token === 'number' && Number.isInteger(token)) return BigInt(token)
  if (typeof token === 'string' && /^\d+$/.test(token)) return BigInt(token)
  return null
}

export function startStore(
  name: string,
  fencing: 'none' | 'atomic',
  history: History,
  initial: string,
): Promise<Store> {
  let value = initial
  let highest: bigint | null = null
  const decide = (req: StoreRequest): StoreReply => {
    const atMs = Date.now()
    const base = { actor: name, client: req.client, token: req.token }
    if (req.op === 'read') {
      history.add({ atMs, ...base, kind: 'read', resource: name, value })
      return { ok: true, value }
    }
    const token = asNumber(req.token)
    let reason: string | null = null
    if (fencing === 'atomic') {
      if (token === null) reason = `token ${String(req.token)} is not a number`
      else if (highest !== null && token < highest) reason = `token ${token} < ${highest}`
    }
    const id = req.id === undefined ? {} : { id: req.id }
    if (reason !== null) {
      history.add({ atMs, ...base, kind: 'write-rejected', value: req.value ?? '', reason, ...id })
      return { ok: false, value, reason }
    }
    value = req.value ?? ''
    if (token !== null && (highest === null || token > highest)) highest = token
    history.add({ atMs, ...base, kind: 'write-accepted', value, ...id })
    return { ok: true, value }
  }
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let buffer = ''
    socket.on('data', (chunk) => {
      buffer += chunk.toString()
      let newline
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        const reply = decide(JSON.parse(line) as StoreRequest)
        socket.write(JSON.stringify(reply) + '\n')
      }
    })
  })
  return new Promise((resolve, reject) => {
    server.on('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      resolve({
        name,
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
