import { useState, useSyncExternalStore, type ChangeEvent, type SyntheticEvent } from 'react'
import type { FormCheck } from './form'

/**
 * A form of plain fields without react-hook-form, for the guest screens (/login, /register), which download
 * it otherwise: 12 kB brotli of the 120 kB they may weigh (issue #39). Like react-hook-form the fields are
 * the page's own inputs, not React state: typing re-renders nothing but the readers of a watched field.
 *
 * The inputs are the truth: the values are read from them when the form is checked or sent, and an input
 * that holds text nobody set (typed into a prerendered page before its scripts ran, ADR 0029) gives its
 * text to the form as it is attached, instead of being emptied.
 */

export type FormValues<V> = Record<keyof V, string | boolean>
type Name<V> = keyof V & string
export type FormErrors<V> = Partial<Record<Name<V>, string>>
type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** What `{...form.register(name)}` puts on an input, a textarea, a select, a checkbox or a radio button. */
export interface FieldRegistration {
  name: string
  ref: (element: FieldElement | null) => (() => void) | undefined
  onChange: (event: ChangeEvent<FieldElement>) => void
  onBlur: () => void
}

/**
 * A form's fields, their inputs and their messages. A form sent through `handleSubmit` re-checks a field as
 * it changes (as react-hook-form does with a resolver); in any other, a change clears the field's message.
 */
export class SmallForm<V extends FormValues<V>> {
  private values: V
  private elements = new Map<string, Set<FieldElement>>()
  private registrations = new Map<string, FieldRegistration>()
  private listeners = new Set<() => void>()
  /** The rules of the form's last sending. */
  private check?: (values: V) => FormCheck<unknown>
  /** The message of each field at fault (a new object on each change). */
  errors: FormErrors<V> = {}

  constructor(defaults: V) {
    this.values = { ...defaults }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private changed() {
    for (const listener of this.listeners) listener()
  }

  /** The field's props; the same object on every render, so that React does not re-attach it. */
  register(name: Name<V>): FieldRegistration {
    let registration = this.registrations.get(name)
    if (!registration) {
      registration = {
        name,
        ref: (element) => (element ? this.attach(name, element) : undefined),
        onChange: (event) => {
          this.take(name, event.target)
          this.afterChange(name)
        },
        onBlur: () => undefined,
      }
      this.registrations.set(name, registration)
    }
    return registration
  }

  private attach(name: Name<V>, element: FieldElement) {
    let set = this.elements.get(name)
    if (!set) this.elements.set(name, (set = new Set()))
    set.add(element)
    if (typedBeforeScripts(element)) {
      this.take(name, element)
      this.changed()
    } else this.show(name, element)
    return () => {
      set.delete(element)
    }
  }

  /** The field's value from its input (a radio button only when it is the one checked). */
  private take(name: Name<V>, element: FieldElement) {
    const current = this.values[name]
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      this.values = { ...this.values, [name]: element.checked }
    } else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (element.checked) this.values = { ...this.values, [name]: element.value }
    } else if (typeof current !== 'boolean') this.values = { ...this.values, [name]: element.value }
  }

  private show(name: Name<V>, element: FieldElement) {
    const value = this.values[name]
    if (element instanceof HTMLInputElement && element.type === 'checkbox') element.checked = value === true
    else if (element instanceof HTMLInputElement && element.type === 'radio') element.checked = element.value === value
    else if (typeof value === 'string' && element.value !== value) element.value = value
  }

  private afterChange(name: Name<V>) {
    this.changed()
    const { check } = this
    if (!check) {
      this.clearErrors(name)
      return
    }
    const result = check(this.getValues())
    const message = 'issues' in result ? result.issues.get(name) : undefined
    if (message === undefined) this.clearErrors(name)
    else this.setError(name, message)
  }

  /**
   * Every value, read from the inputs first (what the form checks and sends); or one field's value as the
   * form holds it (which, in a change handler that cleans up what was typed, is the value before the change).
   */
  getValues(): V
  getValues<N extends Name<V>>(name: N): V[N]
  getValues(name?: Name<V>) {
    if (name !== undefined) return this.values[name]
    for (const [field, set] of this.elements) {
      for (const element of set) if (element.isConnected) this.take(field as Name<V>, element)
    }
    return this.values
  }

  /** Sets a field, in its inputs too (which may hold what was typed before the value was cleaned up). */
  setValue<N extends Name<V>>(name: N, value: V[N]) {
    const changed = this.values[name] !== value
    this.values = { ...this.values, [name]: value }
    for (const element of this.elements.get(name) ?? []) this.show(name, element)
    if (changed) this.changed()
  }

  setError(name: Name<V>, message: string) {
    if (this.errors[name] === message) return
    this.errors = { ...this.errors, [name]: message }
    this.changed()
  }

  clearErrors(names?: Name<V> | Name<V>[]) {
    const list = names === undefined ? Object.keys(this.errors) : Array.isArray(names) ? names : [names]
    if (!list.some((name) => name in this.errors)) return
    this.errors = Object.fromEntries(
      Object.entries(this.errors).filter(([name]) => !list.includes(name as Name<V>)),
    ) as FormErrors<V>
    this.changed()
  }

  /** Focuses the field's (first) input. */
  setFocus(name: Name<V>) {
    for (const element of this.elements.get(name) ?? []) {
      if (element.isConnected) {
        element.focus()
        return
      }
    }
  }

  /**
   * The form's submit handler: checks the values its inputs hold, then either marks the fields at fault,
   * focuses the first and calls `onInvalid` with its message, or calls `onValid` with the checked values.
   */
  handleSubmit<Output>(
    check: (values: V) => FormCheck<Output>,
    onValid: (values: Output) => void,
    onInvalid: (firstMessage: string) => void,
  ) {
    return (event?: SyntheticEvent) => {
      event?.preventDefault()
      this.check = check
      const result = check(this.getValues())
      if ('values' in result) {
        this.clearErrors()
        onValid(result.values)
        return
      }
      this.errors = Object.fromEntries(result.issues) as FormErrors<V>
      this.changed()
      const [first] = result.issues
      if (!first) return
      this.setFocus(first[0] as Name<V>)
      onInvalid(first[1])
    }
  }

  /** The value now: a snapshot for useSyncExternalStore. */
  peek<N extends Name<V>>(name: N): V[N] {
    return this.values[name]
  }
}

/** Text typed (or a box ticked) into a prerendered input before React took it over. */
function typedBeforeScripts(element: FieldElement): boolean {
  if (element instanceof HTMLSelectElement) return false
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
    return element.checked !== element.defaultChecked
  }
  return element.value !== element.defaultValue
}

/** A form whose owner re-renders when a field's message changes. */
export function useSmallForm<V extends FormValues<V>>(defaults: V | (() => V)): SmallForm<V> {
  const [form] = useState(() => new SmallForm<V>(typeof defaults === 'function' ? defaults() : defaults))
  const errors = () => form.errors
  useSyncExternalStore(form.subscribe, errors, errors)
  return form
}

/** A field's value, re-rendering its reader when it changes. */
export function useFieldValue<V extends FormValues<V>, N extends Name<V>>(
  form: SmallForm<V>,
  name: N,
): V[N] {
  const value = () => form.peek(name)
  return useSyncExternalStore(form.subscribe, value, value)
}
