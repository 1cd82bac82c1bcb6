/** History events for the history module's unit tests: what a reader would produce for a line. */
import type { HistoryEvent } from './format'

/** An event on `line`, with the fields a test does not name left empty. */
export function historyEvent(
  line: number,
  fields: Partial<HistoryEvent> & Pick<HistoryEvent, 'kind' | 'actor'>,
): HistoryEvent {
  const client = fields.client ?? fields.actor
  return {
    line,
    file: null,
    atMs: 0,
    clock: fields.actor,
    client,
    by: client,
    resource: null,
    token: null,
    value: null,
    leaseMs: null,
    reason: null,
    id: null,
    ...fields,
  }
}
