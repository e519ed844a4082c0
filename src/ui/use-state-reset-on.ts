import { useState } from 'react';

/**
 * State that goes back to `initial` whenever `key` changes: a menu that closes when the page
 * changes, a draft that follows its applied value when that changes from elsewhere. It resets
 * during the render that sees the new key, not in an effect after it, so no frame shows the
 * state that belonged to the old key.
 */
export function useStateResetOn<Key, Value>(key: Key, initial: Value) {
  const [state, setState] = useState(initial);
  const [keptFor, setKeptFor] = useState(key);
  if (!Object.is(keptFor, key)) {
    setKeptFor(key);
    setState(initial);
  }
  return [state, setState] as const;
}
