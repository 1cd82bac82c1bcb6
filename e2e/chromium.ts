import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Flags for a headless Chromium on a machine without a network (see DESIGN/ecosystem notes). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/**
 * The Chromium binary to drive, in order of preference:
 * 1. $CHROMIUM_PATH
 * 2. $PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH
 * 3. /usr/bin/chromium (Debian's `chromium` package)
 * 4. `chromium` or `chromium-browser` on $PATH
 * 5. undefined: Playwright's own downloaded browser (never downloaded by this project)
 */
export function resolveChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.CHROMIUM_PATH || env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH
  if (fromEnv) return fromEnv
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = join(dir, name)
      if (existsSync(candidate)) return candidate
    }
  }
  return undefined
}
