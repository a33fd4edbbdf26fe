import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useFieldValue, useSmallForm, type SmallForm } from './small-form'

interface Values {
  name: string
  agree: boolean
}

function check(values: Values) {
  const issues = new Map<string, string>()
  if (!values.name.trim()) issues.set('name', 'Obligatorio')
  if (!values.agree) issues.set('agree', 'Acepta')
  return issues.size > 0 ? { issues } : { values: { name: values.name.trim(), agree: values.agree } }
}

interface FormProps {
  onValid: (v: Values) => void
  onInvalid: (m: string) => void
  onForm?: (form: SmallForm<Values>) => void
}

function Form({ onValid, onInvalid, onForm }: FormProps) {
  const form = useSmallForm<Values>({ name: '', agree: false })
  useEffect(() => onForm?.(form), [form, onForm])
  const [shown, setShown] = useState(true)
  const name = useFieldValue(form, 'name')
  return (
    <form onSubmit={form.handleSubmit(check, onValid, onInvalid)}>
      {shown && <input aria-label="Nombre" {...form.register('name')} />}
      <input type="checkbox" aria-label="Acepto" {...form.register('agree')} />
      {form.errors.name && <p>{form.errors.name}</p>}
      <output>{name}</output>
      <button type="button" onClick={() => {
        setShown((s) => !s)
      }}>
        toggle
      </button>
      <button type="submit">Enviar</button>
    </form>
  )
}

describe('useSmallForm', () => {
  it('checks what the inputs hold, marks the first field at fault and focuses it', async () => {
    const user = userEvent.setup()
    const onValid = vi.fn()
    const onInvalid = vi.fn()
    render(<Form onValid={onValid} onInvalid={onInvalid} />)
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(onInvalid).toHaveBeenCalledWith('Obligatorio')
    expect(screen.getByText('Obligatorio')).toBeInTheDocument()
    expect(screen.getByLabelText('Nombre')).toHaveFocus()

    // Once sent, a change checks its field again.
    await user.type(screen.getByLabelText('Nombre'), ' Ana ')
    expect(screen.queryByText('Obligatorio')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Ana')
    await user.click(screen.getByLabelText('Acepto'))
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(onValid).toHaveBeenCalledWith({ name: 'Ana', agree: true })
  })

  it('keeps a value while its input is gone and puts it back', async () => {
    const user = userEvent.setup()
    let latest: SmallForm<Values> | undefined
    render(
      <Form
        onValid={vi.fn()}
        onInvalid={vi.fn()}
        onForm={(form) => {
          latest = form
        }}
      />,
    )
    await user.type(screen.getByLabelText('Nombre'), 'Luis')
    await user.click(screen.getByRole('button', { name: 'toggle' }))
    expect(screen.queryByLabelText('Nombre')).not.toBeInTheDocument()
    act(() => latest?.setValue('name', 'Luisa'))
    await user.click(screen.getByRole('button', { name: 'toggle' }))
    expect(screen.getByLabelText('Nombre')).toHaveValue('Luisa')
  })

  it('takes what was typed into a prerendered input before the scripts ran', () => {
    // An input the server drew, typed into before hydration: its value differs from its default.
    const { container } = render(<input aria-label="x" />)
    const typed = container.querySelector('input')
    if (!typed) throw new Error('no input')
    typed.value = 'ana@example.com'
    let form: SmallForm<Values> | undefined
    function Hydrated({ onForm }: { onForm: (form: SmallForm<Values>) => void }) {
      const own = useSmallForm<Values>({ name: '', agree: false })
      useEffect(() => {
        onForm(own)
        own.register('name').ref(typed)
      }, [own, onForm])
      return null
    }
    render(
      <Hydrated
        onForm={(own) => {
          form = own
        }}
      />,
    )
    expect(typed).toHaveValue('ana@example.com')
    expect(form?.getValues().name).toBe('ana@example.com')
  })
})
