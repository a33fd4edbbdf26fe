import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'

/** Sets the document title and meta description (index.html carries the same for crawlers without JS). */
export function useDocumentMeta(title: string, description: string): void {
  useLayoutEffect(() => {
    document.title = title
    headElement('meta', 'name', 'description').content = description
  }, [title, description])
}

/** Points <link rel="canonical"> at the current page, without query or hash, in the same commit as the page. */
export function useCanonicalLink(): void {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    headElement('link', 'rel', 'canonical').href = window.location.origin + pathname
  }, [pathname])
}

function headElement<K extends 'meta' | 'link'>(tag: K, attribute: string, value: string): HTMLElementTagNameMap[K] {
  const existing = document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[${attribute}="${value}"]`)
  if (existing) return existing
  const element = document.createElement(tag)
  element.setAttribute(attribute, value)
  document.head.append(element)
  return element
}
