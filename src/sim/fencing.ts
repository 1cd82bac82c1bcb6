/** The same configuration with every resource fenced one way: fencing on (atomic) vs off (none). */
import type { ResourceConfig, Scenario } from './scenario'

export type Fencing = ResourceConfig['fencing']

export function withFencing(scenario: Scenario, fencing: Fencing): Scenario {
  return {
    ...scenario,
    resources: scenario.resources.map((r) => ({
      ...r,
      fencing,
      // check-then-write needs a gap between its check and its apply (the schema says so).
      checkToApplyMs:
        fencing === 'check-then-write' && r.checkToApplyMs < 1 ? 10 : r.checkToApplyMs,
    })),
  }
}
