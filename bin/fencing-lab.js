#!/usr/bin/env node
// Runs the TypeScript CLI (src/cli/main.ts) through tsx, the same way `npm run sim` does:
// a child `node --import tsx` process, so process.argv[1] is main.ts and stdio, exit code and
// signals pass straight through.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url))
const tsx = import.meta.resolve('tsx')

const child = spawn(process.execPath, ['--import', tsx, main, ...process.argv.slice(2)], {
  stdio: 'inherit',
})

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP']
const forward = (signal) => child.kill(signal)
for (const signal of forwarded) process.on(signal, forward)

child.on('error', (error) => {
  console.error(`fencing-lab: cannot start node: ${error.message}`)
  process.exit(1)
})

child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, so the caller sees what the child saw.
    for (const name of forwarded) process.off(name, forward)
    process.kill(process.pid, signal)
  } else {
    process.exit(code ?? 1)
  }
})
