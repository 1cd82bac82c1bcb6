/**
 * A large history for benchmarks and scale tests: clients taking turns on one lock, renewing,
 * sending writes with their tokens to a store, as NDJSON.
 */
export function largeHistory(events: number): string {
  const lines = [
    '{"format":"fencing-lab/history@1","leaseMs":1000,"resources":{"store":{"fencing":"atomic"}}}',
  ]
  const clients = ['A', 'B', 'C', 'D']
  let atMs = 0
  let token = 1
  let highest = 0
  while (lines.length <= events) {
    const client = clients[token % clients.length] as string
    const mine = token
    lines.push(
      JSON.stringify({ atMs, actor: 'lock', kind: 'acquire-granted', client, token: mine }),
    )
    for (let k = 0; k < 4 && lines.length <= events; k++) {
      atMs += 100
      lines.push(
        JSON.stringify({
          atMs,
          actor: client,
          kind: 'write-sent',
          resource: 'store',
          token: mine,
          value: k,
        }),
      )
      // Every 7th holder's last write is decided 1.5 s late, after the next holder's writes; the
      // generator does not know their tokens yet, so the store accepts it: a token-order violation
      // the checker must find and explain (about 1,000 findings in 100k events).
      const late = mine % 7 === 0 && k === 3
      const decided = late ? atMs + 1500 : atMs + 5
      const kind = late && highest > mine ? 'write-rejected' : 'write-accepted'
      lines.push(
        JSON.stringify({ atMs: decided, actor: 'store', kind, client, token: mine, value: k }),
      )
      if (kind === 'write-accepted') highest = Math.max(highest, mine)
      lines.push(
        JSON.stringify({ atMs: atMs + 50, actor: 'lock', kind: 'renew', client, token: mine }),
      )
    }
    atMs += 100
    lines.push(JSON.stringify({ atMs, actor: 'lock', kind: 'release', client, token: mine }))
    token++
  }
  return lines.slice(0, events + 1).join('\n')
}
