/** `npm run sim -- …` / `npx fencing-lab …`: binds the command line to the process. */
import { runCli } from './cli'

const code = runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
})
process.exitCode = code
