// JSON values in localStorage / sessionStorage that never throw: a browser that blocks storage (private
// modes, quotas) reads null and forgets nothing, and the page goes on without it.

export function readStored(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null')
  } catch {
    return null
  }
}

export function writeStored(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value))
  } catch {
    // storage blocked: the page still works, without remembering
  }
}

export function removeStored(storage: Storage, key: string): void {
  try {
    storage.removeItem(key)
  } catch {
    // nothing to forget
  }
}
