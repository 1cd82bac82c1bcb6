/**
 * Kubernetes client-go leader election (k8s.io/client-go/tools/leaderelection) over a
 * coordination.k8s.io/v1 Lease. The API server never expires a Lease: a candidate that has seen
 * the record unchanged for LeaseDuration on its own clock takes it over (leaseTransitions + 1).
 * The leader renews every RetryPeriod and stops leading once renewals have failed for
 * RenewDeadline; its workers act until then. Research S10.
 *
 * The lab's mapping: the lock service's expiry stands for the candidate's judgement (its clock is
 * the candidate's), the token is leaseTransitions (0 for the Lease's creator), and A's acting
 * after it wakes is its script — a reconcile every RetryPeriod until RenewDeadline, then it stops.
 */
import { num, choice, freezeParam } from './params'
import {
  buildPausedHolder,
  formatDurationMs,
  formatMs,
  LATENCY_MS,
  PAUSE_AT_MS,
  staleActingWindow,
  storyTimes,
} from './story'
import type { PausedHolderStory } from './story'
import type { BuildResult, DangerWindow, ParamValues, SystemProfile } from './types'

/** wait.JitterUntil's factor in the candidate's acquire loop (leaderelection.JitterFactor). */
export const JITTER_FACTOR = 1.2

function story(values: ParamValues): PausedHolderStory {
  const leaseMs = num(values, 'leaseDurationS') * 1000
  const renewDeadlineMs = num(values, 'renewDeadlineS') * 1000
  const retryMs = num(values, 'retryPeriodS') * 1000
  const pauseMs = num(values, 'pauseS') * 1000
  const fenced = choice(values, 'fencing') === 'leaseTransitions'
  // The renew loop's iteration after the freeze starts at the later of A's wake and its next
  // scheduled retry (RetryPeriod after its last renew, the grant); A stops RenewDeadline later.
  const wake = PAUSE_AT_MS + pauseMs
  const stopMs = Math.max(wake, retryMs) + renewDeadlineMs
  return {
    id: 'system-client-go',
    title: `client-go leader election: ${fenced ? 'leaseTransitions checked' : 'unfenced'}`,
    description: `Two controllers run client-go leader election on one Lease (LeaseDuration ${leaseMs / 1000} s, RenewDeadline ${renewDeadlineMs / 1000} s, RetryPeriod ${retryMs / 1000} s). Leader A is frozen for ${formatDurationMs(pauseMs)}; candidate B takes over once it has seen the Lease unchanged for LeaseDuration on its own clock. Woken, A's workers keep reconciling until its renew loop gives up at RenewDeadline. ${fenced ? 'The config store checks leaseTransitions as a token and rejects A.' : 'Nothing checks a token: A’s writes land after B’s.'}`,
    leaseMs,
    judgeClockRate: num(values, 'candidateClockRate'),
    renewEveryMs: retryMs,
    tokens: 'monotonic',
    firstToken: 0,
    resource: { id: 'config', fencing: fenced ? 'atomic' : 'none', initialValue: 'v1' },
    pauseMs,
    actsForMs: stopMs - wake - 1,
    actEveryMs: retryMs,
    holderValue: 'reconciled by A',
    successorValue: 'reconciled by B',
    narration: [
      {
        on: 'LeaseGranted',
        nth: 2,
        text: 'B has seen the Lease unchanged for LeaseDuration: it takes over (leaseTransitions 1).',
      },
      {
        atMs: stopMs,
        text: 'A’s renew loop reaches RenewDeadline: OnStoppedLeading, A stops.',
      },
    ],
  }
}

function build(values: ParamValues): BuildResult {
  const leaseMs = num(values, 'leaseDurationS') * 1000
  const renewDeadlineMs = num(values, 'renewDeadlineS') * 1000
  const retryMs = num(values, 'retryPeriodS') * 1000
  // client-go's NewLeaderElector refuses these; so does the lab, with its words.
  if (leaseMs <= renewDeadlineMs) {
    return { ok: false, message: 'client-go: LeaseDuration must be greater than RenewDeadline' }
  }
  if (renewDeadlineMs <= JITTER_FACTOR * retryMs) {
    return {
      ok: false,
      message: `client-go: RenewDeadline must be greater than ${JITTER_FACTOR} × RetryPeriod`,
    }
  }
  const s = story(values)
  const t = storyTimes(s)
  const fenced = choice(values, 'fencing') === 'leaseTransitions'
  // Checked, A's first write after waking is refused (a round trip), which ends its leadership.
  const stop = fenced ? t.wakeMs + 2 * LATENCY_MS : t.holderStopMs
  const rate = num(values, 'candidateClockRate')
  const windows: DangerWindow[] = [
    staleActingWindow(
      s,
      stop,
      fenced ? 'stale leader, refused' : 'split brain',
      (from, to) =>
        fenced
          ? `A paused leader would keep acting for up to RenewDeadline (${formatDurationMs(renewDeadlineMs)}) after it wakes, while a newer leader already leads; the store checks leaseTransitions and refuses its first write, ${formatMs(from)}–${formatMs(to)}, which ends it.`
          : `Split brain: a paused leader keeps acting for up to RenewDeadline (${formatDurationMs(renewDeadlineMs)}) after it wakes, while a newer leader already leads — here from ${formatMs(from)} to ${formatMs(to)}.`,
      `No split brain in this run: B takes over at ${formatMs(t.takeoverMs)}, after A stopped at ${formatMs(stop)}. A pause longer than LeaseDuration would open one.`,
    ),
    {
      id: 'takeover',
      label: 'takeover',
      words: `A candidate takes over ${formatDurationMs(leaseMs)}–${formatDurationMs(leaseMs + 2 * Math.round(retryMs * (1 + JITTER_FACTOR)))} after the leader's last renew (LeaseDuration on its own clock, plus up to two polls ${formatDurationMs(retryMs)}–${formatDurationMs(Math.round(retryMs * (1 + JITTER_FACTOR)))} apart); the lab takes the earliest.`,
      fromMs: t.takeoverMs,
      toMs: t.takeoverMs,
    },
    {
      id: 'clock-rate',
      label: 'clock-rate skew',
      words: `Clock-rate skew: a candidate whose clock runs more than LeaseDuration / RenewDeadline = ${(leaseMs / renewDeadlineMs).toFixed(2)}× faster than the leader's takes over while the leader still leads${rate > 1 ? ` (this candidate runs ${rate}× fast)` : ''}.`,
      fromMs: null,
      toMs: null,
    },
  ]
  return { ok: true, built: { scenario: buildPausedHolder(s), windows } }
}

export const clientGo: SystemProfile = {
  id: 'client-go',
  name: 'Kubernetes client-go leader election',
  summary: 'A Lease, LeaseDuration 15 s, RenewDeadline 10 s, RetryPeriod 2 s; no fencing.',
  protocol:
    'The Lease is a record the API server stores but never expires. The leader updates renewTime every RetryPeriod; a candidate polls every RetryPeriod (jitter 1.2) and takes over once the record has not changed for LeaseDuration by its own clock, adding 1 to leaseTransitions. The leader stops at RenewDeadline after renewals began to fail; its workers act until then. The lab judges expiry on the candidate’s clock and plays the leader’s work after a freeze as a reconcile every RetryPeriod until its stop.',
  fencing:
    'None built in (“does not guarantee that only one client is acting as a leader (a.k.a. fencing)”). leaseTransitions grows with every change of holder, so a resource that records it and refuses a lower one fences stale leaders.',
  params: [
    {
      kind: 'number',
      key: 'leaseDurationS',
      label: 'LeaseDuration',
      unit: 's',
      defaultValue: 15,
      min: 2,
      max: 600,
      step: 1,
      why: 'How long a candidate waits, on its own clock, after the last change it saw before taking over.',
    },
    {
      kind: 'number',
      key: 'renewDeadlineS',
      label: 'RenewDeadline',
      unit: 's',
      defaultValue: 10,
      min: 2,
      max: 600,
      step: 1,
      why: 'How long the leader keeps leading while its renewals fail — also how long it can keep acting after a freeze.',
    },
    {
      kind: 'number',
      key: 'retryPeriodS',
      label: 'RetryPeriod',
      unit: 's',
      defaultValue: 2,
      min: 1,
      max: 300,
      step: 1,
      why: 'How often the leader renews and candidates poll (candidates with jitter 1.2: 2–4.4 s).',
    },
    freezeParam(
      'Leader frozen for',
      20,
      'A stop-the-world pause, SIGSTOP or CPU starvation of the leader at 1 s.',
    ),
    {
      kind: 'number',
      key: 'candidateClockRate',
      label: 'Candidate clock rate',
      unit: '×',
      defaultValue: 1,
      min: 0.5,
      max: 4,
      step: 0.1,
      why: 'client-go tolerates clock skew, not skew rate: a fast candidate clock ends the lease early.',
    },
    {
      kind: 'choice',
      key: 'fencing',
      label: 'The resource checks',
      defaultValue: 'none',
      choices: [
        { value: 'none', label: 'nothing (client-go alone)' },
        { value: 'leaseTransitions', label: 'leaseTransitions as a token' },
      ],
      why: 'Whether the config store records the writer’s leaseTransitions and refuses a lower one.',
    },
  ],
  sources: [
    {
      label: 'client-go leaderelection package doc: defaults, and “does not guarantee … fencing”',
      url: 'https://pkg.go.dev/k8s.io/client-go/tools/leaderelection',
    },
    {
      label: 'client-go leaderelection.go: tryAcquireOrRenew, renew, the validation rules',
      url: 'https://github.com/kubernetes/client-go/blob/master/tools/leaderelection/leaderelection.go',
    },
    {
      label: 'Lease API: holderIdentity, leaseDurationSeconds, leaseTransitions',
      url: 'https://kubernetes.io/docs/reference/kubernetes-api/cluster-resources/lease-v1/',
    },
    {
      label: 'kubernetes#23731: split brain, OnStoppedLeading never called',
      url: 'https://github.com/kubernetes/kubernetes/issues/23731',
    },
    {
      label: 'openshift/origin#7845: split brain under CPU saturation',
      url: 'https://github.com/openshift/origin/issues/7845',
    },
  ],
  presets: ['leader-election'],
  build,
}
