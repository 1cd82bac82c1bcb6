/**
 * `npm run sim -- …` / `npx fencing-lab …`: binds the command line to the process.
 *
 * Like every Unix tool it ends quietly when its reader goes away (`fencing-lab --list | head -1`
 * closes the pipe: EPIPE), and no input ever shows a user a stack trace: an unexpected error
 * becomes one line that says what failed.
 */
import { readFileSync } from 'node:fs'
import { decodeText } from '../history'
import { renderDiagramSvg } from '../viz'
import { runCli } from './cli'
import { chooseFonts, encodeWebm, rasterize } from './media'
import { endQuietlyOnClosedPipe, internalErrorLine } from './process'

endQuietlyOnClosedPipe(process)

try {
  process.exitCode = runCli(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    renderSvg: (run, findings, options) => renderDiagramSvg(run, findings, options),
    readStdin: () => decodeText(readFileSync(0)),
    outBytes: (bytes) => process.stdout.write(bytes),
    stdoutIsTerminal: process.stdout.isTTY === true,
    media: { chooseFonts: () => chooseFonts(), rasterize, encodeWebm },
  })
} catch (error) {
  process.stderr.write(internalErrorLine(error))
  // For `check`, 1 means "a violation was found": an internal error must not say that.
  process.exitCode = process.argv[2] === 'check' ? 2 : 1
}
