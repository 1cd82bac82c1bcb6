/**
 * `npm run record -- <story> [--lock etcd|zookeeper] [--out file]`: plays a preset's story
 * against real lock services on this machine and writes the history (format v1 NDJSON).
 */
import { writeFileSync } from 'node:fs'
import type { LockKind, StoryId } from './stories'
import { STORIES, recordStory } from './stories'

const USAGE = `usage: npm run record -- <${STORIES.join('|')}> [--lock etcd|zookeeper] [--out file.ndjson]`

async function main(argv: readonly string[]) {
  const story = argv[0]
  if (story === undefined || !(STORIES as readonly string[]).includes(story)) throw new Error(USAGE)
  let lock: LockKind = 'etcd'
  let out: string | null = null
  for (let i = 1; i < argv.length; i += 2) {
    const value = argv[i + 1]
    if (argv[i] === '--lock' && (value === 'etcd' || value === 'zookeeper')) lock = value
    else if (argv[i] === '--out' && value !== undefined) out = value
    else throw new Error(`bad argument ${argv[i]} ${value ?? ''}\n${USAGE}`)
  }
  const recording = await recordStory(story as StoryId, lock)
  const text = recording.history.toNdjson()
  if (out === null) process.stdout.write(text)
  else {
    writeFileSync(out, text)
    console.warn(`wrote ${out} (${recording.history.all().length} events)`)
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(2)
  },
)
