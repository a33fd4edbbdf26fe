import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/request'
import { FakeXhr } from '@/test/fake-xhr'
import { uploadFile } from './upload'

beforeEach(() => {
  FakeXhr.install()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('uploadFile', () => {
  it('posts the raw file to the bucket, reports progress and resolves with the key and URL', async () => {
    const file = new File(['png'], 'a.png', { type: 'image/png' })
    const progress: number[] = []
    const done = uploadFile('avatars', file, (fraction) => progress.push(fraction))
    const xhr = FakeXhr.last()
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/v1/files/avatars')
    expect(xhr.body).toBe(file)
    expect(xhr.headers['Content-Type']).toBe('image/png')
    xhr.progress(50, 100)
    await xhr.answer(201, { key: 'avatars/u/1.png', url: '/files/avatars/u/1.png' })
    await expect(done).resolves.toEqual({ key: 'avatars/u/1.png', url: '/files/avatars/u/1.png' })
    expect(progress).toEqual([0.5, 1])
  })

  it("rejects with an ApiError carrying the server's Spanish detail", async () => {
    const failed = uploadFile('avatars', new Blob(['x'])).catch((e: unknown) => e)
    await FakeXhr.last().answer(413, { code: 'invalid', detail: 'El archivo es demasiado grande. Tamaño máximo: 5MB' })
    const err: unknown = await failed
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).status).toBe(413)
    expect((err as ApiError).detail).toBe('El archivo es demasiado grande. Tamaño máximo: 5MB')
  })

  it('rejects with a TypeError when the network fails', async () => {
    const rejected = expect(uploadFile('verification-documents', new Blob(['x']))).rejects.toBeInstanceOf(TypeError)
    await FakeXhr.last().fail()
    await rejected
  })
})
