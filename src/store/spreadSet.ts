/**
 * zustand's `set` merges a change into a new state with `Object.assign({}, state, change)`. A
 * lab's state is about 80 keys (the slices' data and their actions), and V8 copies them into the
 * new object one key at a time that way (~16 µs a call in Chromium), where a spread clones the
 * object's shape at once (~2 µs). Playing by time sets the cursor every frame, so the lab's store
 * merges by spreading: the same state, for every caller of `set` and `setState`.
 */
import type { StateCreator, StoreApi } from 'zustand/vanilla'

export function spreadSet<T extends object>(creator: StateCreator<T>): StateCreator<T> {
  return (_set, get, api) => {
    const replaceState = api.setState
    const merge = ((
      partial: T | Partial<T> | ((state: T) => T | Partial<T>),
      replace?: boolean,
    ) => {
      const state = get()
      const change = typeof partial === 'function' ? partial(state) : partial
      // As zustand: the same object back changes nothing; replacing takes the change as it is.
      if (Object.is(change, state)) return
      replaceState(replace === true ? (change as T) : { ...state, ...change }, true)
    }) as StoreApi<T>['setState']
    api.setState = merge
    return creator(merge, get, api)
  }
}
