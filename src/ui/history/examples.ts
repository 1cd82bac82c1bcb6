/** The shipped example histories' files (examples/histories/), bundled only in this lazy chunk. */
import clientGoA from '../../../examples/histories/client-go-node-a.log?raw'
import clientGoB from '../../../examples/histories/client-go-node-b.log?raw'
import etcdWrites from '../../../examples/histories/etcd-app-writes.ndjson?raw'
import etcdWatch from '../../../examples/histories/etcd-lock-watch.ndjson?raw'
import unfenced from '../../../examples/histories/gc-pause-unfenced.ndjson?raw'
import appWrites from '../../../examples/histories/kubernetes-app-writes.ndjson?raw'
import leaseWatch from '../../../examples/histories/kubernetes-lease-watch.json?raw'
import type { HistoryInput } from '../../history'
import type { HistoryExampleId } from './exampleList'

export const EXAMPLE_FILES: Record<HistoryExampleId, HistoryInput[]> = {
  kubernetes: [
    { name: 'kubernetes-lease-watch.json', text: leaseWatch },
    { name: 'kubernetes-app-writes.ndjson', text: appWrites },
  ],
  'client-go': [
    { name: 'client-go-node-a.log', text: clientGoA },
    { name: 'client-go-node-b.log', text: clientGoB },
  ],
  etcd: [
    { name: 'etcd-lock-watch.ndjson', text: etcdWatch },
    { name: 'etcd-app-writes.ndjson', text: etcdWrites },
  ],
  native: [{ name: 'gc-pause-unfenced.ndjson', text: unfenced }],
}
