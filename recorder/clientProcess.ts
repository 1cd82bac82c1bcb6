/**
 * The recorder's handle on a client process: start it (Node with tsx, IPC), send it commands and
 * wait for each to finish, freeze and thaw it with SIGSTOP/SIGCONT, and stop it. What it reports
 * goes into the history.
 */
import type { ChildProcess } from 'node:child_process'
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { ClientConfig, ClientMessage, Command } from './client'
import type { History, Token } from './history'
import { tracked } from './services'

type Do = Command extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never

export interface ClientProcess {
  name: string
  /** Sends a command; resolves with the client's token once it finished. */
  run(command: Do, timeoutMs?: number): Promise<Token>
  pause(): void
  resume(): void
  stop(): Promise<void>
}

const CLIENT = fileURLToPath(new URL('./client.ts', import.meta.url))

export function startClient(config: ClientConfig, history: History): Promise<ClientProcess> {
  const child: ChildProcess = tracked(
    fork(CLIENT, [JSON.stringify(config)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  )
  let next = 0
  const pending = new Map<number, { resolve: (t: Token) => void; reject: (e: Error) => void }>()
  let ready: () => void = () => undefined
  let failed: (e: Error) => void = () => undefined
  const started = new Promise<void>((resolve, reject) => {
    ready = resolve
    failed = reject
  })
  child.on('message', (message: ClientMessage) => {
    if (message.type === 'ready') ready()
    else if (message.type === 'event') history.add(message.event)
    else {
      const waiter = pending.get(message.id)
      pending.delete(message.id)
      if (message.ok) waiter?.resolve(message.token ?? null)
      else waiter?.reject(new Error(`${config.name}: ${message.error ?? 'failed'}`))
    }
  })
  child.on('exit', (code, signal) => {
    const error = new Error(`client ${config.name} exited (${code ?? signal})`)
    failed(error)
    for (const waiter of pending.values()) waiter.reject(error)
    pending.clear()
  })
  const handle: ClientProcess = {
    name: config.name,
    run(command, timeoutMs = 180_000) {
      const id = ++next
      return new Promise<Token>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${config.name}: ${command.do} took over ${timeoutMs} ms`)),
          timeoutMs,
        )
        pending.set(id, {
          resolve: (t) => {
            clearTimeout(timer)
            resolve(t)
          },
          reject: (e) => {
            clearTimeout(timer)
            reject(e)
          },
        })
        child.send({ id, ...command })
      })
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGCONT')
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      await handle.run({ do: 'exit' }, 5000).catch(() => child.kill('SIGKILL'))
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
  }
  return started.then(() => handle)
}
