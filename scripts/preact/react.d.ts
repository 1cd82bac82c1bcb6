// The types of react.js: preact/compat's, with its own useSyncExternalStore.
export * from 'preact/compat'
export { default } from 'preact/compat'
export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T
