/**
 * The guided tour: six chapters, each a few steps through live runs, answering the questions the
 * seed article ends with. The words live here, as data, so they are easy to edit and to test
 * (every step's moment and decisive words are checked against the run).
 */
import { SEED_QUESTIONS } from '../../sim'
import { lockDelayLongPauseScenario, renewalScenario } from './scenarios'
import type { Citation, TourChapter } from './types'

const KLEPPMANN = 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html'
const CHUBBY =
  'https://research.google/pubs/the-chubby-lock-service-for-loosely-coupled-distributed-systems/'
const K8S_LEASE = 'https://kubernetes.io/docs/concepts/architecture/leases/'
const CLIENT_GO =
  'https://github.com/kubernetes/client-go/blob/master/tools/leaderelection/leaderelection.go'
const ETCD_WHY = 'https://etcd.io/docs/v3.5/learning/why/#notes-on-the-usage-of-lock-and-lease'
const ZK_SESSIONS =
  'https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html#ch_zkSessions'
const CURATOR_LOCK = 'https://curator.apache.org/docs/recipes-shared-reentrant-lock'
const REDIS_LOCKS = 'https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/'
const CONSUL_SESSIONS = 'https://developer.hashicorp.com/consul/docs/automate/session'
const ANTIREZ = 'http://antirez.com/news/101'

const chubbySequencer: Citation = {
  system: 'Chubby',
  text: 'A sequencer names the lock, its mode and its generation number, which increases each time the lock goes from free to held; servers check it before acting.',
  source: CHUBBY,
}

export const TOUR: readonly TourChapter[] = [
  {
    id: 'lease',
    title: 'A lease: renewal, and what expiry buys',
    question: SEED_QUESTIONS.identity,
    answer:
      'Each acquisition gets the next number from the lock service — 41, then 42 — and keeps it for as long as it holds the lease. Renewing moves the expiry forward but never changes the number; only a new acquisition does. Expiry is what lets B in when A dies: it buys availability, not safety.',
    realWorld: [
      {
        system: 'Chubby',
        text: 'Sessions are kept alive by KeepAlive calls; the master extends the session lease (12 s by default) and never moves it backwards.',
        source: CHUBBY,
      },
      {
        system: 'Kubernetes Lease',
        text: 'With the control plane’s default settings the leader updates renewTime every 2 s and a candidate takes over after 15 s without a change; leaseTransitions counts changes of holder.',
        source: K8S_LEASE,
      },
      {
        system: 'etcd',
        text: 'Keys attached to a lease are deleted when it expires; a KeepAlive stream renews it.',
        source: ETCD_WHY,
      },
    ],
    steps: [
      {
        id: 'granted',
        scenario: renewalScenario,
        at: { on: 'BeliefStarted', node: 'A' },
        text: 'A asks the lock service for the lock and gets a 10 s lease with token 41.',
        decisive: 'A now believes it holds the lock (token 41)',
      },
      {
        id: 'renewed',
        scenario: renewalScenario,
        at: { on: 'LeaseRenewed', nth: 3 },
        text: 'A’s job takes 12 s, longer than the lease, so A renews every 3 s. Each renewal pushes the expiry 10 s ahead — and the token stays 41.',
        decisive: "The lock service renewed A's lease (token 41)",
      },
      {
        id: 'crash',
        scenario: renewalScenario,
        at: { on: 'NodeCrashed', node: 'A' },
        text: 'A crashes while it holds the lock. It will never release it.',
        predict: {
          question: 'B is waiting in line. What happens to B?',
          choices: [
            {
              label: 'B waits forever: the lock is still held',
              correct: false,
              explanation:
                'That is what a lock without a lease does. A lease is a promise with an end: nobody renews it now, so it ends.',
            },
            {
              label: 'B gets the lock once A’s lease runs out',
              correct: true,
              explanation:
                'The lease expires 10 s after A’s last renewal, and the lock service grants the lock to the next in line, with a new token.',
            },
            {
              label: 'B gets the lock at once: the lock service sees A crash',
              correct: false,
              explanation:
                'The lock service cannot tell a crashed client from a slow or paused one; it only knows that renewals stopped.',
            },
          ],
          reveal: { on: 'LeaseGranted', nth: 2 },
        },
      },
      {
        id: 'takeover',
        scenario: renewalScenario,
        at: { on: 'LeaseGranted', nth: 2 },
        text: 'Ten seconds after A’s last renewal the lease expires and B gets the lock with token 42: a new acquisition, a new number. Expiry kept the system available after A died.',
        decisive: 'The lock service granted the lease to B with token 42',
      },
    ],
    tryIt: renewalScenario.id,
  },
  {
    id: 'pause',
    title: 'The pause: two clients believe they hold the lock',
    question: SEED_QUESTIONS.inFlight,
    answer:
      'Nothing stops it. When a lease expires while its holder is paused, the lock service gives the lock to someone else — but the paused holder cannot know. When it resumes it finishes the work it had in flight, still believing it holds the lock. Expiry gives the lock to B; it does not take it away from A.',
    realWorld: [
      {
        system: 'Kleppmann (2016)',
        text: 'A GC pause longer than the lease lets a second client in; the first wakes up and writes, corrupting the data.',
        source: KLEPPMANN,
      },
      {
        system: 'Redis',
        text: 'Its disclaimer about consistency: “don’t assume that a lock is retained as long as the process that had acquired it is alive”.',
        source: REDIS_LOCKS,
      },
      {
        system: 'ZooKeeper',
        text: 'Sessions expire on the cluster; the expired client “will not be notified of the session expiration until/unless it is able to re-establish a connection”.',
        source: ZK_SESSIONS,
      },
      {
        system: 'Apache Curator',
        text: 'If the connection is SUSPENDED “you cannot be certain that you still hold the lock”; only LOST makes it certain that you no longer do.',
        source: CURATOR_LOCK,
      },
    ],
    steps: [
      {
        id: 'holds',
        scenario: 'gc-pause-unfenced',
        at: { on: 'BeliefStarted', node: 'A' },
        text: 'A holds the lease with token 41. After a moment of work it will read the value it means to update.',
        decisive: 'A now believes it holds the lock (token 41)',
      },
      {
        id: 'paused',
        scenario: 'gc-pause-unfenced',
        at: { on: 'NodePaused', node: 'A' },
        text: 'A stops the world for 15 s — a garbage-collection pause, a VM migration, a SIGSTOP. Its read reply is already on the way.',
        decisive: 'A paused for 15 s',
      },
      {
        id: 'expired',
        scenario: 'gc-pause-unfenced',
        at: { on: 'LeaseExpired' },
        text: 'On the lock service’s clock the lease ends. A is frozen; no message can reach it.',
        decisive: "A's lease (token 41) expired",
      },
      {
        id: 'two-believers',
        scenario: 'gc-pause-unfenced',
        at: { on: 'BeliefStarted', node: 'B' },
        text: 'B gets the lease with token 42. Now the lock service says B holds the lock — and A, paused, still believes it does: two clients each believe they hold it.',
        decisive: 'B now believes it holds the lock (token 42)',
      },
      {
        id: 'wakes',
        scenario: 'gc-pause-unfenced',
        at: { on: 'NodeResumed', node: 'A', offsetMs: -1 },
        text: 'B has written its value and released the lock. A is about to wake up.',
        predict: {
          question: 'A wakes up at 16 s. What does A do?',
          choices: [
            {
              label: 'It notices its lease expired and stops',
              correct: false,
              explanation:
                'Nothing told A. A paused process does not know how long it was gone — and even a check of its own clock right before writing can be followed by another pause.',
            },
            {
              label: 'It carries on and writes with token 41',
              correct: true,
              explanation:
                'From A’s point of view no time has passed: it finishes the work it had in flight.',
            },
          ],
          reveal: { on: 'WriteAccepted', nth: 2 },
        },
      },
      {
        id: 'overwrite',
        scenario: 'gc-pause-unfenced',
        at: { on: 'WriteAccepted', nth: 2 },
        text: 'A writes. This storage does not check tokens, so A silently overwrites the value B wrote under the newer lease.',
        decisive: 'storage accepted A\'s write "A" with token 41',
      },
    ],
    tryIt: 'gc-pause-unfenced',
  },
  {
    id: 'fencing',
    title: 'Fencing tokens: the storage says no',
    question: SEED_QUESTIONS.checkSite,
    answer:
      'The resource that holds the data. It remembers the highest token it has accepted and refuses lower ones — and the comparison and the write must be one atomic step. A check made earlier, by the client or by the resource itself, leaves a gap in which a stale write can slip through.',
    realWorld: [
      {
        system: 'Kleppmann (2016)',
        text: 'The storage “remembers that it has already processed a write with a higher token number (34), and so it rejects the request with token 33”.',
        source: KLEPPMANN,
      },
      chubbySequencer,
      {
        system: 'etcd',
        text: 'Its docs: “fencing token is revision number in the case of etcd”; a Txn guarded by the mutex’s IsOwner() compares and writes in one step.',
        source: ETCD_WHY,
      },
    ],
    steps: [
      {
        id: 'records-42',
        scenario: 'gc-pause',
        at: { on: 'WriteAccepted' },
        text: 'The same pause, but this storage keeps the highest token it has seen. B writes with 42, and the storage records 42 (the step line on its lane).',
        decisive: 'storage accepted B\'s write "B" with token 42',
      },
      {
        id: 'predict',
        scenario: 'gc-pause',
        at: { on: 'NodeResumed', node: 'A', offsetMs: -1 },
        text: 'A is about to wake up and send its write with token 41.',
        predict: {
          question: 'A’s write arrives with token 41. What does the storage do?',
          choices: [
            {
              label: 'Accept it: 41 is a token the lock service issued',
              correct: false,
              explanation:
                '41 was valid once. The storage has since seen 42, so 41 belongs to a holder that has been superseded.',
            },
            {
              label: 'Reject it: it has already seen 42',
              correct: true,
              explanation:
                '41 < 42: a newer holder has written, so this request comes from the past.',
            },
          ],
          reveal: { on: 'WriteRejected' },
        },
      },
      {
        id: 'reject',
        scenario: 'gc-pause',
        at: { on: 'WriteRejected' },
        text: 'The storage rejects token 41 because it has seen 42. A learns from the rejection that it lost the lock, and gives up. B’s value survives.',
        decisive: "storage rejected A's write: token 41 < 42",
      },
      {
        id: 'race-check',
        scenario: 'check-then-write',
        at: { on: 'WriteChecked', nth: 2 },
        text: 'Now a storage that checks the token, then applies the write 10 ms later. B’s 42 and A’s delayed 41 arrive 1 ms apart — and both pass the check, because neither has been applied yet.',
        decisive: "storage checked A's token 41: it passes",
      },
      {
        id: 'race-apply',
        scenario: 'check-then-write',
        at: { on: 'WriteApplied', nth: 2 },
        text: 'A’s write applies last: the stale value wins and the recorded token goes backwards, from 42 to 41. The check has to be atomic with the write — a conditional update, a transaction, a compare-and-set.',
        decisive: 'storage applied A\'s write "A"',
      },
    ],
    tryIt: 'gc-pause',
  },
  {
    id: 'limits',
    title: 'Where the guarantee ends',
    question: SEED_QUESTIONS.sideEffects,
    answer:
      'No. Fencing protects only the resources that check tokens, and only from the moment they have seen the newer one. A late write that lands before the new holder has shown its token still gets in; an email, a payment or a call to an API with no token check goes out regardless; and a lock service that forgets its counter can hand out the same token twice.',
    realWorld: [
      {
        system: 'Chubby',
        text: 'A server may check a sequencer “against the most recent sequencer that the server has observed” — it can only refuse what arrives after it has seen the newer one.',
        source: CHUBBY,
      },
      {
        system: 'AWS SWF / Temporal',
        text: 'A timed-out activity’s result is ignored, but the external calls it already made still happened.',
        source: 'https://docs.temporal.io/encyclopedia/detecting-activity-failures',
      },
      {
        system: 'Redis',
        text: 'Replication is asynchronous: if the primary fails before the lock key reaches its replica, the promoted replica grants the same lock to a second client.',
        source: REDIS_LOCKS,
      },
    ],
    steps: [
      {
        id: 'late-write',
        scenario: 'late-write-gap',
        at: { on: 'WriteAccepted', nth: 1 },
        text: 'A’s increment was sent inside its lease but lands after it ended — before B has written anything. The storage has not seen 42 yet, so 41 passes.',
        decisive: "storage accepted A's write 1 with token 41",
      },
      {
        id: 'lost-update',
        scenario: 'late-write-gap',
        at: { on: 'WriteAccepted', nth: 2 },
        text: 'B writes 0 + 1 with token 42, computed from a read made before A’s write landed. Two increments were acknowledged; the counter says 1. Had B’s read carried its token (fenced reads), A’s late write would have been rejected.',
        decisive: "storage accepted B's write 1 with token 42",
      },
      {
        id: 'email',
        scenario: 'unfenced-side-effect',
        at: { on: 'WriteAccepted', nth: 3 },
        text: 'The mail API checks no token: A’s email goes out under an expired lease. The database will reject A’s next write — too late to unsend the email.',
        decisive: "mailer accepted A's effect",
      },
      {
        id: 'duplicate-token',
        scenario: 'failover-volatile',
        at: { on: 'LeaseGranted', nth: 2 },
        text: 'This lock service kept its counter in memory. It crashed, restarted empty, and now grants token 41 again — to B, while A still believes it holds the lock with 41.',
        decisive: 'The lock service granted the lease to B with token 41',
      },
      {
        id: 'same-token',
        scenario: 'failover-volatile',
        at: { on: 'WriteAccepted', nth: 3 },
        text: 'The storage cannot tell the two 41s apart, and A’s second write lands after B’s. Tokens must come from durable, replicated state: etcd revisions, ZooKeeper zxids, Chubby’s Paxos database.',
        decisive: 'storage accepted A\'s write "A2" with token 41',
      },
    ],
    tryIt: 'unfenced-side-effect',
  },
  {
    id: 'purpose',
    title: 'Correctness, or only efficiency?',
    question: SEED_QUESTIONS.purpose,
    answer:
      'Ask what happens if two clients do the work. If the result is only duplicated effort — the same report built twice, a notification deduplicated by its idempotency key — a best-effort lock (one Redis node, a lease, no tokens) is enough. If two writers could corrupt data, the lock protects correctness, and every resource it guards must enforce fencing.',
    realWorld: [
      {
        system: 'Kleppmann (2016)',
        text: 'For efficiency, a failure means “two nodes end up doing the same piece of work”; for correctness, “a corrupted file, data loss, permanent inconsistency”.',
        source: KLEPPMANN,
      },
      {
        system: 'Redis',
        text: 'SET resource_name my_random_value NX PX 30000: the random value lets a client release only its own lock; it does not order holders.',
        source: REDIS_LOCKS,
      },
      {
        system: 'antirez (2016)',
        text: 'Distributed locks “are very useful exactly when we have no other control in the shared resource”.',
        source: ANTIREZ,
      },
    ],
    steps: [
      {
        id: 'stall',
        scenario: 'best-effort',
        at: { on: 'NodePaused', node: 'W1' },
        text: 'Two workers share a nightly job; the lock only keeps them from both building the report. W1 stalls for 33 s in the middle of it.',
        decisive: 'W1 paused for 33 s',
      },
      {
        id: 'second-worker',
        scenario: 'best-effort',
        at: { on: 'LeaseGranted', nth: 2 },
        text: 'W1’s lease expires. W2 takes the lock — its token is a random value, not an ordered number — and builds the report.',
        decisive: 'The lock service granted the lease to W2',
      },
      {
        id: 'repeat',
        scenario: 'best-effort',
        at: { on: 'WriteAccepted', nth: 3, offsetMs: -1 },
        text: 'W1 woke at 35 s, unaware of the stall, and finished building the same report. Its write is on the way to the cache.',
        predict: {
          question: 'W1 writes the report again, without a valid lease. Is anything corrupted?',
          choices: [
            {
              label: 'Yes: a stale holder wrote',
              correct: false,
              explanation:
                'It wrote the same bytes, and its notification carries the same idempotency key: the repeat changes nothing.',
            },
            {
              label: 'No: the work was done twice, the result is the same',
              correct: true,
              explanation:
                'The job is idempotent, so the lock only saved effort. That is the cost of a best-effort lock — and the only cost.',
            },
          ],
          reveal: { on: 'WriteAccepted', nth: 3 },
        },
      },
      {
        id: 'absorbed',
        scenario: 'best-effort',
        at: { on: 'WriteAccepted', nth: 4 },
        text: 'The cache recognises the repeat and does nothing; so does the notification service. Duplicate work, correct result. In chapter 2 the same failure, with a write that was not idempotent, overwrote a newer holder’s value.',
        decisive: 'cache recognised W1\'s write "report-2026-12-01" as a repeat',
      },
    ],
    tryIt: 'best-effort',
  },
  {
    id: 'timeouts',
    title: 'Timeouts are not the argument',
    question: SEED_QUESTIONS.identity,
    answer:
      'A number the lock service hands out in order — never a time. Lock-delay, longer leases and careful clients only narrow the window: a pause longer than the lease plus the delay slips through, and a clock that jumps ends a lease early. Leader election has the same gap. The correctness argument has to rest on a token the resource checks, not on a timeout assumed to exceed every pause.',
    realWorld: [
      {
        system: 'Chubby',
        text: 'If a holder fails, its lock cannot be claimed for a lock-delay of up to one minute — “although imperfect”, it protects servers that do not check sequencers.',
        source: CHUBBY,
      },
      {
        system: 'Consul',
        text: 'Sessions have a lock-delay of 15 s by default, described as “not a bulletproof method”.',
        source: CONSUL_SESSIONS,
      },
      {
        system: 'Kubernetes client-go',
        text: 'Leader election “does not guarantee that only one client is acting as a leader (a.k.a. fencing)”.',
        source: CLIENT_GO,
      },
      {
        system: 'Redis',
        text: '“Redis is not using monotonic clock for TTL expiration mechanism”: a wall-clock shift may let more than one process acquire the lock.',
        source: REDIS_LOCKS,
      },
    ],
    steps: [
      {
        id: 'lock-delay',
        scenario: 'lock-delay',
        at: { on: 'WriteAccepted', nth: 1 },
        text: 'No fencing here. Instead the lock service waits 10 s after an expiry before granting again (lock-delay). A’s 15 s pause ends inside that window, so its late write lands before B begins. Nothing is lost — this time.',
        decisive: 'Lock-delay: no new grant before 20.005 s',
      },
      {
        id: 'outlasted',
        scenario: lockDelayLongPauseScenario,
        at: { on: 'WriteAccepted', nth: 2 },
        text: 'The same setup with a 24 s pause: B gets the lock when the delay ends and writes; then A wakes and overwrites B’s value. Lock-delay adds a fixed margin, and a pause longer than the lease plus that margin gets through.',
        decisive: 'storage accepted A\'s write "A" with token 41',
      },
      {
        id: 'clock-jump',
        scenario: 'clock-jump',
        at: { on: 'LeaseGranted', nth: 2 },
        text: 'Here the lock service’s clock jumps 9 s forward, and A’s 10 s lease ends after 2 s. B gets token 42 while A’s own clock says it has 8 s left.',
        decisive: 'The lock service granted the lease to B with token 42',
      },
      {
        id: 'token-wins',
        scenario: 'clock-jump',
        at: { on: 'WriteRejected' },
        text: 'A writes, sure of its lease. The token, not the timeout, keeps it out.',
        decisive: "storage rejected A's write: token 41 < 42",
      },
      {
        id: 'leader',
        scenario: 'leader-election',
        at: { on: 'WriteRejected' },
        text: 'Leader election with a Kubernetes-style Lease has the same gap: a frozen leader wakes and writes before its renew loop notices that B took over. A Lease carries no token, so here the application sends one (a counter like leaseTransitions) and the config store rejects 41.',
        decisive: "config rejected A's write: token 41 < 42",
      },
    ],
    tryIt: 'clock-jump',
  },
]

export function findChapter(id: string): TourChapter | undefined {
  return TOUR.find((c) => c.id === id)
}
