import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/lib/i18n'
import { FakeXhr } from '@/test/fake-xhr'
import { FileUploadField, IMAGE_TYPES, PDF_TYPES, type FileUploadFieldProps } from './file-upload-field'

beforeEach(() => {
  FakeXhr.install()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const PDF_URL = '/files/community-documents/0190a8f2-1111-7000-8000-000000000001/1735000000000.pdf'
const PNG_URL = '/files/incident-images/0190a8f2-1111-7000-8000-000000000001/1735000000000.png'

type Props = Omit<FileUploadFieldProps, 'value' | 'onChange'>

const pdfField: Props = { bucket: 'community-documents', kind: 'pdf', accept: PDF_TYPES, maxMb: 10, label: 'Documento PDF' }
const imageField: Props = { bucket: 'incident-images', kind: 'image', accept: IMAGE_TYPES, maxMb: 10, label: 'Imagen' }

/** The field in a form that keeps its value, reporting every change and the uploading state. */
function renderField(props: Props, initial = '') {
  const changes: string[] = []
  const uploading: boolean[] = []
  function Form() {
    const [value, setValue] = useState(initial)
    return (
      <FileUploadField
        {...props}
        value={value}
        onChange={(url) => {
          changes.push(url)
          setValue(url)
        }}
        onUploadingChange={(u) => uploading.push(u)}
      />
    )
  }
  // applyAccept: false, as a user can pick any file ('All files' in the picker, a drop, Android).
  const user = userEvent.setup({ applyAccept: false })
  const view = render(<Form />)
  return { user, changes, uploading, view, input: () => screen.getByLabelText<HTMLInputElement>(props.label) }
}

function fileOf(name: string, type: string, size?: number): File {
  const file = new File(['%PDF-1.7'], name, { type })
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size })
  return file
}

describe('FileUploadField', () => {
  it('offers only the accepted types and says what it takes', () => {
    renderField(pdfField)
    const input = screen.getByLabelText('Documento PDF')
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAttribute('accept', 'application/pdf')
    expect(input).toHaveAccessibleDescription('PDF, hasta 10 MB.')
  })

  it('refuses a file of another type before uploading it', async () => {
    const { user, input, changes } = renderField(pdfField)
    await user.upload(input(), fileOf('foto.png', 'image/png'))

    expect(screen.getByText('Tipo de archivo no válido. Solo se permiten archivos PDF')).toBeInTheDocument()
    expect(input()).toHaveAttribute('aria-invalid', 'true')
    expect(input()).toHaveAccessibleDescription('Tipo de archivo no válido. Solo se permiten archivos PDF')
    expect(FakeXhr.all).toHaveLength(0)
    expect(changes).toEqual([])
  })

  it('refuses a picture of another type with the pictures message', async () => {
    const { user, input } = renderField(imageField)
    await user.upload(input(), fileOf('logo.svg', 'image/svg+xml'))

    expect(screen.getByText('Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP')).toBeInTheDocument()
    expect(FakeXhr.all).toHaveLength(0)
  })

  it('refuses a file over the limit before uploading it', async () => {
    const { user, input, changes } = renderField(pdfField)
    await user.upload(input(), fileOf('acta.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))

    expect(screen.getByText('El archivo es demasiado grande. Tamaño máximo: 10MB')).toBeInTheDocument()
    expect(FakeXhr.all).toHaveLength(0)
    expect(changes).toEqual([])

    // Exactly the limit goes up.
    await user.upload(input(), fileOf('acta.pdf', 'application/pdf', 10 * 1024 * 1024))
    expect(FakeXhr.all).toHaveLength(1)
  })

  it('shows the progress, then the PDF by its name, linking to it in a new tab', async () => {
    const { user, input, changes, uploading } = renderField(pdfField)
    const file = fileOf('acta-junta.pdf', 'application/pdf')
    await user.upload(input(), file)

    const xhr = FakeXhr.last()
    expect(xhr.url).toBe('/api/v1/files/community-documents')
    expect(xhr.body).toBe(file)
    expect(uploading).toEqual([true])
    expect(input()).toBeDisabled()
    xhr.progress(50, 100)
    expect(screen.getByRole('progressbar', { name: 'Subiendo documento' })).toHaveAttribute('aria-valuenow', '50')
    expect(screen.getByText('50 %')).toBeInTheDocument()

    await xhr.answer(201, { key: PDF_URL.slice('/files/'.length), url: PDF_URL })

    expect(changes).toEqual([PDF_URL])
    expect(uploading).toEqual([true, false])
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(input()).toBeEnabled()
    const link = screen.getByRole('link', { name: /acta-junta\.pdf/ })
    expect(link).toHaveAttribute('href', PDF_URL)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(link).toHaveAccessibleName('acta-junta.pdf (se abre en una pestaña nueva)')
  })

  it('shows a preview of an uploaded picture', async () => {
    const { user, input, changes } = renderField(imageField)
    // Some systems call JPEGs image/jpg.
    await user.upload(input(), fileOf('grieta.jpg', 'image/jpg'))
    await FakeXhr.last().answer(201, { key: PNG_URL.slice('/files/'.length), url: PNG_URL })

    expect(changes).toEqual([PNG_URL])
    expect(screen.getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute('src', PNG_URL)
  })

  it("names a PDF it did not upload after its URL, and removes it, keeping the keyboard in the field", async () => {
    const { user, input, changes } = renderField(pdfField, PDF_URL)
    expect(screen.getByRole('link', { name: /1735000000000\.pdf/ })).toHaveAttribute('href', PDF_URL)

    await user.click(screen.getByRole('button', { name: 'Quitar documento' }))

    expect(changes).toEqual([''])
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Quitar documento' })).not.toBeInTheDocument()
    expect(input()).toHaveFocus()
  })

  it('removes a picture with its button', async () => {
    const { user, changes } = renderField(imageField, PNG_URL)
    await user.click(screen.getByRole('button', { name: 'Quitar imagen' }))

    expect(changes).toEqual([''])
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  it("says the server's refusals in the reader's language, and any other failure with its detail", async () => {
    const { user, input, changes, uploading } = renderField(pdfField)
    const pick = () => user.upload(input(), fileOf('acta.pdf', 'application/pdf'))

    // A file whose bytes are not a PDF, whatever its name says.
    await pick()
    await FakeXhr.last().answer(415, { code: 'invalid', detail: 'Tipo de archivo no válido. Solo se permiten archivos PDF' })
    expect(screen.getByText('Tipo de archivo no válido. Solo se permiten archivos PDF')).toBeInTheDocument()

    await pick()
    await FakeXhr.last().answer(413, { code: 'invalid', detail: 'El archivo es demasiado grande. Tamaño máximo: 10MB' })
    expect(screen.getByText('El archivo es demasiado grande. Tamaño máximo: 10MB')).toBeInTheDocument()

    await pick()
    await FakeXhr.last().answer(403, { code: 'forbidden', detail: 'No perteneces a ninguna comunidad' })
    expect(screen.getByText('Error al subir el documento: No perteneces a ninguna comunidad')).toBeInTheDocument()

    await pick()
    await FakeXhr.last().fail()
    expect(screen.getByText('Error al subir el documento: Ocurrió un error inesperado')).toBeInTheDocument()

    expect(changes).toEqual([])
    expect(uploading).toEqual([true, false, true, false, true, false, true, false])
    expect(input()).toBeEnabled()

    await act(async () => {
      await i18n.changeLanguage('ca')
    })
    await pick()
    await FakeXhr.last().answer(415, { code: 'invalid', detail: 'Tipo de archivo no válido. Solo se permiten archivos PDF' })
    expect(screen.getByText('Tipus de fitxer no vàlid. Només es permeten fitxers PDF')).toBeInTheDocument()
  })

  it('stops its upload when it goes away', async () => {
    const { user, input, view } = renderField(pdfField)
    await user.upload(input(), fileOf('acta.pdf', 'application/pdf'))
    const xhr = FakeXhr.last()

    view.unmount()

    expect(xhr.aborted).toBe(true)
  })
})
