/**
 * The address of a lab state, encoding a custom scenario (once per scenario object, encode.ts).
 */
import type { Scenario, ScenarioInput } from '../sim'
import type { AddressRef } from './address'
import { writeAddress } from './address'
import { encodeScenario } from './encode'
import type { Address } from './params'
import type { LinkView } from './parts'

/** What a lab link opens: a preset by id, or a scenario of its own. */
export type LinkTarget =
  { kind: 'preset'; id: string } | { kind: 'custom'; scenario: Scenario | ScenarioInput }

export function addressRef(target: LinkTarget): AddressRef {
  return target.kind === 'preset'
    ? target
    : { kind: 'encoded', encoded: encodeScenario(target.scenario) }
}

export function writeLabLink(target: LinkTarget, cursorMs: number, view: LinkView = {}): Address {
  return writeAddress(addressRef(target), cursorMs, view)
}

/** `page` (e.g. `index.html`, or the lab's absolute URL) followed by the state's query or hash. */
export function labHref(
  page: string,
  target: LinkTarget,
  cursorMs: number,
  view: LinkView = {},
): string {
  const { search, hash } = writeLabLink(target, cursorMs, view)
  return `${page}${search}${hash}`
}
