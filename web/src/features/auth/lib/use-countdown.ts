import { useCallback, useEffect, useState } from 'react'

/**
 * Whole seconds left until a deadline set by `start(seconds)`; 0 when none is running. Counting from a
 * deadline (not by decrements) keeps it right when the tab was in the background.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (deadline === null) return
    const id = setInterval(() => {
      const current = Date.now()
      setNow(current)
      if (current >= deadline) setDeadline(null)
    }, 1000)
    return () => {
      clearInterval(id)
    }
  }, [deadline])

  const start = useCallback((seconds: number) => {
    const current = Date.now()
    setNow(current)
    setDeadline(current + seconds * 1000)
  }, [])

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000))
  return { secondsLeft, start }
}
