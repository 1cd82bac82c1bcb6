/** History events for the history module's unit tests: what a reader would produce for a line. */
import type { HistoryEvent } from './format'
import { derivedEvent } from './format'

/** An event on `line`, with the fields a test does not name left empty (the client: the actor). */
export function historyEvent(
  line: number,
  fields: Partial<HistoryEvent> & Pick<HistoryEvent, 'kind' | 'actor'>,
): HistoryEvent {
  const client = fields.client ?? fields.actor
  const at = { line, atMs: 0, actor: fields.actor, clock: fields.actor, kind: fields.kind }
  return derivedEvent(at, { client, by: client, ...fields })
}
