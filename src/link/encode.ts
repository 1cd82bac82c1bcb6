/**
 * A scenario as the `s=` payload of a link: its JSON with the format first, deflated and
 * base64url. Encoding a big scenario costs a few milliseconds, and the address is rewritten on
 * every cursor move, so each scenario object is encoded once (scenarios are never mutated).
 */
import { deflateSync, strToU8 } from 'fflate'
import type { Scenario, ScenarioInput } from '../sim'
import { SCENARIO_FORMAT } from '../sim'
import { toBase64Url } from './base64url'

const encoded = new WeakMap<object, string>()

export function encodeScenario(scenario: ScenarioInput | Scenario): string {
  let payload = encoded.get(scenario)
  if (payload === undefined) {
    const { format: _format, ...rest } = scenario
    const json = JSON.stringify({ format: SCENARIO_FORMAT, ...rest })
    payload = toBase64Url(deflateSync(strToU8(json), { level: 9 }))
    encoded.set(scenario, payload)
  }
  return payload
}
