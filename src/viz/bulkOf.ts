/**
 * A dense model's bulk paths (layout/bulk.ts), made once per model and kept with it: the live
 * diagram's marks and its pointer handling share them, and a heavy run's are made in slices
 * with its layout (`bulkSteps`, used by useDiagramLayout), so that drawing it is only drawing.
 */
import type {
  BarSet,
  BulkBars,
  BulkMessages,
  BulkPips,
  DiagramModel,
  LayoutInput,
  Steps,
} from './layout'
import { bulkBars, bulkMessageSteps, bulkPips, finish, layoutDiagramSteps } from './layout'

const messages = new WeakMap<DiagramModel, BulkMessages>()
const bars = new WeakMap<DiagramModel, Record<BarSet, BulkBars>>()
const pips = new WeakMap<DiagramModel, BulkPips>()

function* messagesSteps(model: DiagramModel): Steps<BulkMessages> {
  let bulk = messages.get(model)
  if (bulk === undefined) {
    bulk = yield* bulkMessageSteps(model.messages)
    messages.set(model, bulk)
  }
  return bulk
}

export function bulkMessagesOf(model: DiagramModel): BulkMessages {
  return finish(messagesSteps(model))
}

export function bulkBarsOf(model: DiagramModel): Record<BarSet, BulkBars> {
  let bulk = bars.get(model)
  if (bulk === undefined) {
    bulk = {
      beliefs: bulkBars('beliefs', model),
      leases: bulkBars('leases', model),
      holds: bulkBars('holds', model),
    }
    bars.set(model, bulk)
  }
  return bulk
}

export function bulkPipsOf(model: DiagramModel): BulkPips {
  let bulk = pips.get(model)
  if (bulk === undefined) {
    bulk = bulkPips(model.decisions)
    pips.set(model, bulk)
  }
  return bulk
}

/** Makes a dense model's bulk paths ahead of its first drawing, in steps. */
export function* bulkSteps(model: DiagramModel): Steps<void> {
  if (!model.dense) return
  yield* messagesSteps(model)
  yield
  bulkBarsOf(model)
  yield
  bulkPipsOf(model)
}

/** A layout and its bulk paths, so that the frame that shows it only draws. */
export function* layoutAndBulk(input: LayoutInput): Steps<DiagramModel> {
  const model = yield* layoutDiagramSteps(input)
  yield
  yield* bulkSteps(model)
  return model
}
