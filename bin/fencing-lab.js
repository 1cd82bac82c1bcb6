#!/usr/bin/env node
// The command line, built to plain JavaScript by `npm run build:cli` (vite.cli.config.ts; `npm
// pack` builds it first): it needs Node and the production dependencies, nothing else, and runs
// from any working directory. In a checkout, `npm run sim` runs the TypeScript source instead.
try {
  await import('../dist-cli/main.js')
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist-cli')) {
    process.stderr.write(
      'fencing-lab: the command line is not built yet: run `npm run build:cli` (or `npm run sim -- …` in a checkout)\n',
    )
  } else {
    process.stderr.write(`fencing-lab: cannot start: ${String(error?.message ?? error)}\n`)
  }
  process.exitCode = 1
}
