/**
 * Real lock services on the loopback interface: each on a free port with a temporary data
 * directory, started from the Debian packages' binaries and stopped (and its directory removed)
 * when the recording ends. Nothing listens beyond 127.0.0.1.
 */
import type { ChildProcess } from 'node:child_process'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const HOST = '127.0.0.1'

/** The Debian binaries (and the ZooKeeper jar) each service needs, for a clear skip message. */
export const BINARIES = {
  redis: ['/usr/bin/redis-server'],
  etcd: ['/usr/bin/etcd'],
  zookeeper: ['/usr/bin/java', '/usr/share/java/zookeeper.jar'],
} as const

export type ServiceKind = keyof typeof BINARIES

/** The missing files a service needs, or [] when it can start here. */
export function missingBinaries(kind: ServiceKind): string[] {
  return BINARIES[kind].filter((path) => !existsSync(path))
}

export interface Service {
  kind: ServiceKind
  port: number
  /** The data directory (removed by stop). */
  dir: string
  /** Kills the process (SIGKILL: a crash) and starts it again on the same port, empty. */
  restart(): Promise<void>
  stop(): Promise<void>
}

/** A port the kernel just handed out and released: free unless another process races for it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until the port accepts a TCP connection (the service is up), or fails after `ms`. */
async function waitForPort(port: number, ms: number, name: string, log: () => string) {
  const deadline = Date.now() + ms
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, HOST)
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > deadline)
      throw new Error(`${name} did not listen on ${port} in ${ms} ms: ${log()}`)
    await sleep(100)
  }
}

/** Sends a one-line command and returns the reply (ZooKeeper's four-letter words). */
function ask(port: number, line: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, HOST)
    let reply = ''
    socket.on('data', (chunk) => (reply += chunk.toString()))
    socket.on('close', () => resolve(reply))
    socket.on('error', () => resolve(''))
    socket.once('connect', () => socket.write(line))
    socket.setTimeout(2000, () => socket.destroy())
  })
}

/**
 * Every process a recording started and has not stopped yet. If the recorder's own process ends
 * first (a test runner that gave up on a hung story), they are killed with it rather than left
 * listening on the machine.
 */
const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

/** Keeps `child` in the set of processes killed when the recorder exits. */
export function tracked(child: ChildProcess): ChildProcess {
  live.add(child)
  child.once('exit', () => live.delete(child))
  return child
}

interface Proc {
  child: ChildProcess
  output: () => string
}

function launch(command: string, args: readonly string[], cwd: string): Proc {
  const child = tracked(spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] }))
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return { child, output: () => output.trim().split('\n').slice(-5).join(' | ') }
}

async function kill(proc: Proc, signal: NodeJS.Signals): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => proc.child.once('exit', () => resolve()))
  proc.child.kill(signal)
  await Promise.race([exited, sleep(5000)])
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill('SIGKILL')
    await exited
  }
}

/** Starts a service; `ready` waits for it to serve. Shared by the three kinds. */
async function startService(
  kind: ServiceKind,
  setup: (dir: string, port: number) => { command: string; args: string[] },
  ready: (port: number, output: () => string) => Promise<void>,
): Promise<Service> {
  const missing = missingBinaries(kind)
  if (missing.length > 0)
    throw new Error(`${kind} is not installed here (missing ${missing.join(', ')})`)
  const dir = mkdtempSync(join(tmpdir(), `fencing-lab-${kind}-`))
  const port = await freePort()
  const { command, args } = setup(dir, port)
  let proc = launch(command, args, dir)
  await ready(port, proc.output)
  return {
    kind,
    port,
    dir,
    async restart() {
      await kill(proc, 'SIGKILL')
      proc = launch(command, args, dir)
      await ready(port, proc.output)
    },
    async stop() {
      await kill(proc, 'SIGTERM')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Redis kept in memory only (no RDB, no AOF): a restart comes back without its keys. */
export function startRedis(): Promise<Service> {
  return startService(
    'redis',
    (dir, port) => ({
      command: '/usr/bin/redis-server',
      args: [
        '--bind',
        HOST,
        '--port',
        String(port),
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'yes',
        '--daemonize',
        'no',
      ],
    }),
    (port, output) => waitForPort(port, 60_000, 'redis-server', output),
  )
}

/** A single-member etcd cluster with its client and peer URLs on the loopback interface. */
export async function startEtcd(): Promise<Service> {
  const peer = await freePort()
  return startService(
    'etcd',
    (dir, port) => ({
      command: '/usr/bin/etcd',
      args: [
        '--name',
        'recorder',
        '--data-dir',
        join(dir, 'data'),
        '--listen-client-urls',
        `http://${HOST}:${port}`,
        '--advertise-client-urls',
        `http://${HOST}:${port}`,
        '--listen-peer-urls',
        `http://${HOST}:${peer}`,
        '--initial-advertise-peer-urls',
        `http://${HOST}:${peer}`,
        '--initial-cluster',
        `recorder=http://${HOST}:${peer}`,
        '--log-level',
        'warn',
      ],
    }),
    (port, output) => waitForPort(port, 120_000, 'etcd', output),
  )
}

/** Zookeeper's shortest tick (ms): sessions may last from 2 to 20 ticks. */
export const ZOOKEEPER_TICK_MS = 200

/**
 * A standalone ZooKeeper from Debian's jar, with a generated zoo.cfg: short ticks so a session
 * of ~2 s is allowed, the admin server off, and `ruok` to tell when it serves.
 */
export function startZooKeeper(): Promise<Service> {
  return startService(
    'zookeeper',
    (dir, port) => {
      const cfg = join(dir, 'zoo.cfg')
      writeFileSync(
        cfg,
        [
          `tickTime=${ZOOKEEPER_TICK_MS}`,
          `dataDir=${join(dir, 'data')}`,
          `clientPort=${port}`,
          `clientPortAddress=${HOST}`,
          'admin.enableServer=false',
          '4lw.commands.whitelist=ruok',
          '',
        ].join('\n'),
      )
      return {
        command: '/usr/bin/java',
        args: [
          '-Xmx128m',
          '-cp',
          '/etc/zookeeper/conf:/usr/share/java/zookeeper.jar',
          'org.apache.zookeeper.server.ZooKeeperServerMain',
          cfg,
        ],
      }
    },
    async (port, output) => {
      // A JVM on a loaded machine can take a while.
      await waitForPort(port, 180_000, 'zookeeper', output)
      const deadline = Date.now() + 120_000
      while ((await ask(port, 'ruok')) !== 'imok') {
        if (Date.now() > deadline)
          throw new Error(`zookeeper on ${port} never said imok: ${output()}`)
        await sleep(200)
      }
    },
  )
}

/** The versions of the services, for a history's title. */
export function serviceVersion(kind: ServiceKind): string {
  const run = (cmd: string, args: string[]) =>
    spawnSync(cmd, args, { encoding: 'utf8' }).stdout?.split('\n')[0]?.trim() ?? ''
  if (kind === 'redis')
    return `Redis ${/v=(\S+)/.exec(run('/usr/bin/redis-server', ['--version']))?.[1] ?? ''}`.trim()
  if (kind === 'etcd')
    return `etcd ${/Version: (\S+)/.exec(run('/usr/bin/etcd', ['--version']))?.[1] ?? ''}`.trim()
  const listed = spawnSync('ls', ['/usr/share/java'], { encoding: 'utf8' }).stdout ?? ''
  return `ZooKeeper ${/zookeeper-(\d+\.\d+\.\d+)\.jar/.exec(listed)?.[1] ?? ''}`.trim()
}
