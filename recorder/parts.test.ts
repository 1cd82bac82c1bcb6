/**
 * The recorder's own parts that need no lock service: the history's order, the protected store's
 * fencing and the proxy's hold, flush and black hole. Loopback sockets only; fast.
 */
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { History } from './history'
import type { Proxy } from './proxy'
import { startProxy } from './proxy'
import { HOST } from './services'
import type { Store, StoreReply, StoreRequest } from './store'
import { startStore } from './store'

const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close()
})

/** One request a line, its reply a line (the client's store protocol). */
function ask(port: number, req: StoreRequest): Promise<StoreReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, HOST, () => socket.write(JSON.stringify(req) + '\n'))
    socket.once('data', (chunk) => {
      socket.destroy()
      resolve(JSON.parse(chunk.toString()) as StoreReply)
    })
    socket.once('error', reject)
  })
}

async function store(fencing: 'none' | 'atomic', history: History): Promise<Store> {
  const s = await startStore('storage', fencing, history, 'initial')
  opened.push(s)
  return s
}

describe('the protected store', () => {
  it('with fencing, rejects a token lower than the highest it accepted, in the same step', async () => {
    const history = new History({ title: 't', resources: { storage: { fencing: 'atomic' } } })
    const s = await store('atomic', history)
    expect(
      await ask(s.port, { op: 'write', client: 'B', token: 42, value: 'B', id: 'B-1' }),
    ).toEqual({ ok: true, value: 'B' })
    expect(
      await ask(s.port, { op: 'write', client: 'A', token: 41, value: 'A', id: 'A-1' }),
    ).toEqual({
      ok: false,
      value: 'B',
      reason: 'token 41 < 42',
    })
    expect(await ask(s.port, { op: 'write', client: 'B', token: '42', value: 'B2' })).toMatchObject(
      { ok: true },
    )
    expect(await ask(s.port, { op: 'write', client: 'C', token: 'f00', value: 'C' })).toMatchObject(
      {
        ok: false,
        reason: 'token f00 is not a number',
      },
    )
    expect(history.all().map((e) => `${e.kind} ${e.client} ${String(e.token)}`)).toEqual([
      'write-accepted B 42',
      'write-rejected A 41',
      'write-accepted B 42',
      'write-rejected C f00',
    ])
  })

  it('without fencing, applies every write and serves reads naming itself', async () => {
    const history = new History({ title: 't', resources: { storage: { fencing: 'none' } } })
    const s = await store('none', history)
    await ask(s.port, { op: 'write', client: 'B', token: 42, value: 'B' })
    expect(await ask(s.port, { op: 'write', client: 'A', token: 41, value: 'A' })).toMatchObject({
      ok: true,
    })
    expect(await ask(s.port, { op: 'read', client: 'A', token: 41 })).toEqual({
      ok: true,
      value: 'A',
    })
    expect(history.all().at(-1)).toMatchObject({ kind: 'read', resource: 'storage', value: 'A' })
  })
})

describe('the history', () => {
  it('writes format v1: the header first, then events by time, a write sent before its decision', () => {
    const history = new History({ title: 'x', resources: { storage: { fencing: 'atomic' } } })
    history.add({
      atMs: 2000,
      actor: 'storage',
      kind: 'read',
      client: 'A',
      resource: 'storage',
      value: 'v',
    })
    // The store's decision reached the recorder first; the client's report of sending it, later.
    history.add({
      atMs: 1000,
      actor: 'storage',
      kind: 'write-accepted',
      client: 'A',
      token: 1,
      id: 'A-1',
    })
    history.add({
      atMs: 1000,
      actor: 'A',
      kind: 'write-sent',
      resource: 'storage',
      token: 1,
      id: 'A-1',
    })
    history.add({ atMs: 500, actor: 'A', kind: 'acquire-granted', token: 1 })
    const lines = history
      .toNdjson()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines[0]).toEqual({
      format: 'fencing-lab/history@1',
      title: 'x',
      resources: { storage: { fencing: 'atomic' } },
    })
    expect(lines.slice(1).map((l) => l.kind)).toEqual([
      'acquire-granted',
      'write-sent',
      'write-accepted',
      'read',
    ])
    expect(lines[1]?.time).toBe('1970-01-01T00:00:00.500Z')
  })
})

describe('the proxy', () => {
  /** An echo server behind a proxy, and a client of the proxy collecting what comes back. */
  async function echoBehind(): Promise<{
    proxy: Proxy
    send(text: string): void
    received(): string
  }> {
    const { createServer } = await import('node:net')
    const echo = createServer((socket) => socket.pipe(socket))
    await new Promise<void>((resolve) => echo.listen(0, HOST, resolve))
    const address = echo.address()
    const port = typeof address === 'object' && address !== null ? address.port : 0
    opened.push({ close: () => new Promise<void>((resolve) => echo.close(() => resolve())) })
    const proxy = await startProxy(port)
    opened.unshift(proxy)
    const socket = connect(proxy.port, HOST)
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    opened.unshift({
      close: () => {
        socket.destroy()
        return Promise.resolve()
      },
    })
    let got = ''
    socket.on('data', (chunk) => (got += chunk.toString()))
    return { proxy, send: (text) => socket.write(text), received: () => got }
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150))

  it('passes, holds until flushed (in order), and drops', async () => {
    const link = await echoBehind()
    link.send('a')
    await settle()
    expect(link.received()).toBe('a')
    link.proxy.hold()
    link.send('b')
    link.send('c')
    await settle()
    expect(link.received()).toBe('a')
    link.proxy.flush()
    await settle()
    expect(link.received()).toBe('abc')
    link.proxy.drop()
    link.send('d')
    await settle()
    expect(link.received()).toBe('abc')
    link.proxy.pass()
    link.send('e')
    await settle()
    expect(link.received()).toBe('abce')
  })
})
