/**
 * The command line's relations with its process: a closed pipe, and errors nobody expected.
 * Kept apart from main.ts so tests can drive them with a stand-in process.
 */

/** The streams and exit a CLI process needs (a subset of Node's `process`). */
export interface CliProcess {
  stdout: NodeJS.EventEmitter
  stderr: NodeJS.EventEmitter
  exitCode?: number | string | null | undefined
  exit: (code?: number) => never
}

/**
 * A reader that closes the pipe early (`| head -1`) has all it wanted: stop at once, quietly,
 * with the status the run would have had. Node ignores SIGPIPE and reports EPIPE as an error
 * event on the stream; unhandled, that is a stack trace.
 */
export function endQuietlyOnClosedPipe(proc: CliProcess): void {
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') {
      const code = typeof proc.exitCode === 'number' ? proc.exitCode : 0
      return proc.exit(code)
    }
    // Any other write error (a full disk): give up with a failure status, never a trace.
    return proc.exit(1)
  }
  proc.stdout.on('error', onError)
  proc.stderr.on('error', onError)
}

/** One line for an error the CLI did not expect: what failed, not where in the code. */
export function internalErrorLine(error: unknown): string {
  const what =
    error instanceof RangeError
      ? `the run is too large to print in this format (${error.message})`
      : error instanceof Error
        ? error.message
        : String(error)
  return `fencing-lab: internal error: ${what.replace(/\s+/g, ' ').slice(0, 500)}\n`
}
