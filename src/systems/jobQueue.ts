/**
 * A job queue with execution leases (SQS visibility timeout, Temporal/SWF activity timeouts): a
 * worker leases a job with an attempt number and heartbeats to extend it; when the lease lapses
 * the job goes to another worker as the next attempt. Completing with a superseded attempt must
 * be refused (and not retried); an idempotent completion is the other way out.
 */
import { choice, num, freezeParam } from './params'
import { buildPausedHolder, freezeWindow, wakeWindow } from './story'
import type { PausedHolderStory } from './story'
import type { BuildResult, ParamValues, SystemProfile } from './types'

function story(values: ParamValues): PausedHolderStory {
  const completion = choice(values, 'completion')
  const idempotent = completion === 'idempotent'
  return {
    id: 'system-job-queue',
    title: `Job queue: completion ${completion === 'attempt' ? 'checks the attempt' : idempotent ? 'is idempotent' : 'is unchecked'}`,
    description: `Worker A leases job 7 (visibility timeout ${num(values, 'visibilityS')} s, heartbeat every ${num(values, 'heartbeatS')} s) and is frozen for ${num(values, 'pauseS')} s. The lease lapses; worker B runs attempt 2 and completes it. A wakes and completes attempt 1. ${completion === 'attempt' ? 'The queue refuses the superseded attempt; A must not retry.' : idempotent ? 'The completion is idempotent: the repeat is absorbed.' : 'Nothing checks: the job is completed twice.'}`,
    leaseMs: num(values, 'visibilityS') * 1000,
    renewEveryMs: num(values, 'heartbeatS') * 1000,
    tokens: 'monotonic',
    firstToken: 1,
    resource: {
      id: 'jobs',
      fencing: completion === 'attempt' ? 'atomic' : 'none',
      idempotent,
      initialValue: 'job 7: pending',
    },
    pauseMs: num(values, 'pauseS') * 1000,
    actsForMs: 0,
    actEveryMs: 1000,
    holderValue: idempotent ? 'job 7: done' : 'job 7: done by A',
    successorValue: idempotent ? 'job 7: done' : 'job 7: done by B',
  }
}

function build(values: ParamValues): BuildResult {
  if (num(values, 'heartbeatS') >= num(values, 'visibilityS')) {
    return {
      ok: false,
      message: 'job-queue: the heartbeat must be shorter than the visibility timeout',
    }
  }
  const s = story(values)
  return {
    ok: true,
    built: {
      scenario: buildPausedHolder(s),
      windows: [
        freezeWindow(s, 'the visibility timeout minus up to one heartbeat'),
        wakeWindow(
          s,
          'The stale worker’s completion carries a superseded attempt and is refused — and must not be retried.',
          choice(values, 'completion') === 'idempotent'
            ? 'The stale worker’s completion repeats the same result and is absorbed; anything it did outside the queue is not.'
            : 'The stale worker’s completion lands after the new attempt’s: the job is completed twice.',
        ),
      ],
    },
  }
}

export const jobQueue: SystemProfile = {
  id: 'job-queue',
  name: 'Job queue with execution leases',
  summary: 'Visibility timeout 30 s, heartbeats, an attempt number as the token.',
  protocol:
    'A worker receives a job with a lease (visibility timeout) and an attempt number, extends the lease by heartbeats, and completes it. A lapsed lease hands the job to another worker as the next attempt. The lab plays the lease on the lock service, the attempt as the token and the completion as a write to the queue.',
  fencing:
    'The attempt number (or a receipt/task token) fences completions at the queue. Side effects outside the queue are not fenced by it.',
  params: [
    {
      kind: 'number',
      key: 'visibilityS',
      label: 'visibility timeout',
      unit: 's',
      defaultValue: 30,
      min: 2,
      max: 43200,
      step: 1,
      why: 'SQS’s default; how long a silent worker keeps the job.',
    },
    {
      kind: 'number',
      key: 'heartbeatS',
      label: 'heartbeat every',
      unit: 's',
      defaultValue: 10,
      min: 1,
      max: 43200,
      step: 1,
      why: 'How often the worker extends the lease.',
    },
    freezeParam('Worker frozen for', 45),
    {
      kind: 'choice',
      key: 'completion',
      label: 'Completion',
      defaultValue: 'attempt',
      choices: [
        { value: 'attempt', label: 'checks the attempt number' },
        { value: 'unchecked', label: 'is unchecked' },
        { value: 'idempotent', label: 'is idempotent' },
      ],
      why: 'Fencing the completion, or making a repeat harmless.',
    },
  ],
  sources: [
    {
      label: 'Amazon SQS visibility timeout (default 30 s)',
      url: 'https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-visibility-timeout.html',
    },
    {
      label: 'AWS SWF: a timed-out activity’s later heartbeat or result is ignored',
      url: 'https://docs.aws.amazon.com/amazonswf/latest/developerguide/swf-dg-basic.html',
    },
  ],
  presets: ['best-effort', 'unfenced-side-effect'],
  build,
}
