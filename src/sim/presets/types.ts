import type { ViolationKind, WarningKind } from '../checker'
import type { ScenarioInput } from '../scenario'

/** The five questions the seed article ends with; every preset answers one of them. */
export const SEED_QUESTIONS = {
  purpose: 'Does the lock prevent incorrect results, or only wasted duplicate work?',
  identity: 'What monotonically increasing value identifies each acquisition?',
  checkSite: 'Which resource checks the fencing token, and is that check atomic with the write?',
  inFlight: 'What happens to work already in flight when a lease expires?',
  sideEffects: 'Can every side effect made under the lock enforce the same ownership boundary?',
} as const

export type SeedQuestion = (typeof SEED_QUESTIONS)[keyof typeof SEED_QUESTIONS]

export interface ExpectedOutcome {
  verdict: 'safe' | 'unsafe'
  /** The set of violation kinds the checker must report (order does not matter). */
  violations: ViolationKind[]
  /** The set of warning kinds the checker must report. */
  warnings: WarningKind[]
}

export interface Preset {
  /** Stable id (blog posts link to it): `/?scenario=<id>`. */
  id: string
  /** The seed question this run answers. */
  question: SeedQuestion
  /** One line for the scenario picker. */
  summary: string
  /** The research scenario it is modelled on (docs/research-scenarios.md), e.g. "S02". */
  research: string
  /** Real systems that behave this way, one line each. */
  realWorld: string[]
  /** The scenario, with its id, title, description and narration. */
  scenario: ScenarioInput & { id: string; title: string; description: string }
  expected: ExpectedOutcome
}
