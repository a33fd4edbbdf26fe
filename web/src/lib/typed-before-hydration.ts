/**
 * What a visitor typed into a prerendered page before its scripts arrived (ADR 0029). Hydration keeps the
 * page's elements, but a form library may write its default values into them when it registers them
 * (react-hook-form does): `restore` puts the visitor's values back as if typed again, so the form's state
 * holds them too.
 */
interface Typed {
  el: HTMLInputElement | HTMLTextAreaElement
  /** The text typed, or null for a checkbox or radio button, whose state is `checked`. */
  value: string | null
  checked: boolean
}

export function keepTyped(root: HTMLElement): { restore: () => void } {
  const typed = [...root.querySelectorAll('input, textarea')].flatMap((el): Typed[] => {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return []
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      return el.checked === el.defaultChecked ? [] : [{ el, value: null, checked: el.checked }]
    }
    return el.value === el.defaultValue ? [] : [{ el, value: el.value, checked: false }]
  })
  return {
    restore() {
      for (const { el, value, checked } of typed) {
        if (!el.isConnected) continue
        if (value === null) {
          if (el instanceof HTMLInputElement && el.checked !== checked) el.click()
          continue
        }
        if (el.value === value) continue
        // The prototype's setter, not el.value: React tracks the value it last saw through the element's
        // own property, and reports a change (onChange) only when the value differs from it.
        Reflect.set(Object.getPrototypeOf(el) as object, 'value', value, el)
        el.dispatchEvent(new Event('input', { bubbles: true }))
      }
    },
  }
}
