/**
 * parseScenario a piece at a time, for a shell that reads a long scenario between tasks (the lab
 * page reading a long link). A module of its own, so that only the code that reads links in
 * pieces carries it.
 */
import type { ClientConfig, ParseResult, Scenario, ScriptStep } from './scenario'
import {
  isCheckedClientList,
  MAX_CLIENTS,
  MAX_SCRIPT_STEPS,
  parseScenario,
  rememberCheckedClients,
} from './scenario'

/**
 * Script steps checked per piece by parseScenarioInPieces. The check runs cold (the page has not
 * run it before): a piece of 2,000 lines took 86 ms of a cold page's time on a slow machine, so a
 * piece is a quarter of that.
 */
export const PIECE_STEPS = 500

/**
 * parseScenario a piece at a time: the generator pauses after checking each piece of a client's
 * script (PIECE_STEPS steps) and returns exactly what `parseScenario(input)` returns. A shell runs
 * it in slices (viz/sliceSteps.ts): reading a link of 25,000 script lines at once held the page
 * for 150–190 ms, most of it this check (85 of 120 ms cold in Node). Each piece is checked as a
 * scenario of one client with that part of its script (a step is checked on its own, as is a
 * client's every other field), then the whole with the checked clients; anything that fails is
 * checked again whole, for parseScenario's own messages.
 */
export function* parseScenarioInPieces(input: unknown): Generator<void, ParseResult, void> {
  const clients = uncheckedClientsOf(input)
  if (clients === null) return parseScenario(input)
  let checked: Scenario['clients'] | null
  try {
    checked = yield* checkClientsInPieces(input as object, clients)
  } catch {
    // Defensive, as in parseScenario: JSON never throws when read, a hostile object could.
    checked = null
  }
  if (checked === null) return parseScenario(input)
  rememberCheckedClients(checked)
  const whole = parseScenario({ ...(input as object), clients: checked })
  return whole.ok ? whole : parseScenario(input)
}

/** `clients` checked a piece at a time, or null at the first piece that fails. */
function* checkClientsInPieces(
  input: object,
  clients: readonly object[],
): Generator<void, Scenario['clients'] | null, void> {
  // Faults may name any client: they are checked with the whole.
  const rest = { ...input, faults: [] }
  const checked: Scenario['clients'] = []
  for (const client of clients) {
    const script = (client as { script: unknown[] }).script
    const steps: ScriptStep[] = []
    let first: ClientConfig | undefined
    for (let from = 0; from === 0 || from < script.length; from += PIECE_STEPS) {
      const piece = parseScenario({
        ...rest,
        clients: [{ ...client, script: script.slice(from, from + PIECE_STEPS) }],
      })
      const parsed = piece.ok ? piece.scenario.clients[0] : undefined
      if (parsed === undefined) return null
      first ??= parsed
      steps.push(...parsed.script)
      yield
    }
    if (first === undefined) return null
    checked.push({ ...first, script: steps })
  }
  return checked
}

/**
 * The input's client list when parseScenarioInPieces can check it in pieces: a list of 1 to
 * MAX_CLIENTS objects, each with a script of at most MAX_SCRIPT_STEPS steps, not checked before.
 * Anything else (and a getter that throws) gives null: parseScenario checks it whole.
 */
function uncheckedClientsOf(input: unknown): readonly object[] | null {
  try {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return null
    const clients: unknown = (input as { clients?: unknown }).clients
    if (!Array.isArray(clients) || isCheckedClientList(clients)) return null
    if (clients.length < 1 || clients.length > MAX_CLIENTS) return null
    const fit = clients.every((c: unknown) => {
      if (typeof c !== 'object' || c === null || Array.isArray(c)) return false
      const script: unknown = (c as { script?: unknown }).script
      return Array.isArray(script) && script.length <= MAX_SCRIPT_STEPS
    })
    return fit ? (clients as object[]) : null
  } catch {
    return null
  }
}
