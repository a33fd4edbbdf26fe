import { useEffect, useRef, useState } from 'react'
import { ApiError } from '@/lib/api/request'
import type { UploadProgress } from '@/lib/upload'

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; progress: number }
  | { status: 'error'; message: string }

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError'
}

/**
 * One upload at a time with its progress, which the user may cancel; an upload still under way when the
 * screen goes is cancelled too. `run` resolves with the answer, or undefined when it failed or was
 * cancelled (the state then says why: the server's Spanish message, or idle).
 */
export function useUpload(genericError: string) {
  const [state, setState] = useState<UploadState>({ status: 'idle' })
  const controller = useRef<AbortController | null>(null)
  useEffect(
    () => () => {
      controller.current?.abort()
    },
    [],
  )
  const run = async <T,>(fileName: string, send: (onProgress: UploadProgress, signal: AbortSignal) => Promise<T>) => {
    const c = new AbortController()
    controller.current = c
    setState({ status: 'uploading', fileName, progress: 0 })
    try {
      const answer = await send((progress) => {
        setState({ status: 'uploading', fileName, progress })
      }, c.signal)
      setState({ status: 'idle' })
      return answer
    } catch (err) {
      if (isAbort(err)) setState({ status: 'idle' })
      else setState({ status: 'error', message: err instanceof ApiError && err.detail ? err.detail : genericError })
      return undefined
    } finally {
      if (controller.current === c) controller.current = null
    }
  }
  const cancel = () => {
    controller.current?.abort()
  }
  return { state, run, cancel, reset: () => { setState({ status: 'idle' }) } }
}
