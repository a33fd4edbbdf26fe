import { Smile } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'

/** The emojis the picker offers: the ones neighbours use most. */
export const PICKER_EMOJIS = [
  '😀', '😂', '😊', '😍', '😘', '😉', '😎', '🤔', '😮', '😢', '😡', '🙄',
  '👍', '👎', '👏', '🙏', '💪', '👋', '🤝', '✌️', '❤️', '🔥', '🎉', '✅',
  '❌', '⚠️', '🏠', '🔑', '🚗', '🐶', '🐱', '🌳', '☀️', '🌧️', '📦', '🗑️',
] as const

/** Columns of the grid (the arrow keys move by one, or by a row up and down). */
const COLUMNS = 6

interface EmojiPickerProps {
  onPick: (emoji: string) => void
}

/**
 * A small emoji picker: a button that opens a grid of emojis above it. The grid takes the focus; the
 * arrow keys move, Enter or Space picks, Escape closes and gives the focus back to the button.
 */
export function EmojiPicker({ onPick }: EmojiPickerProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const gridId = useId()
  const root = useRef<HTMLDivElement>(null)
  const grid = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    grid.current?.querySelector<HTMLButtonElement>('button')?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  const close = () => {
    setOpen(false)
    trigger.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(grid.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])
    const i = buttons.findIndex((b) => b === document.activeElement)
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[event.key]
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close()
    } else if (step !== undefined) {
      event.preventDefault()
      buttons[(i + step + buttons.length) % buttons.length]?.focus()
    }
  }

  return (
    <div ref={root} className="relative">
      <Button
        ref={trigger}
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t('messages.conversation.emoji')}
        aria-expanded={open}
        aria-controls={gridId}
        onClick={() => {
          setOpen((was) => !was)
        }}
      >
        <Smile className="size-5" aria-hidden />
      </Button>
      {open && (
        <div
          ref={grid}
          id={gridId}
          role="group"
          aria-label={t('messages.chat.emojiPicker')}
          onKeyDown={onKeyDown}
          className="absolute right-0 bottom-full z-50 mb-1 grid w-64 grid-cols-6 gap-1 rounded-xl border bg-card p-2 shadow-lg"
        >
          {PICKER_EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              tabIndex={-1}
              aria-label={emoji}
              onClick={() => {
                onPick(emoji)
                close()
              }}
              className="flex size-9 items-center justify-center rounded-lg text-xl outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}

/**
 * Puts `emoji` into a text field at its cursor (replacing a selection), and returns the new text and
 * where the cursor goes after it.
 */
export function insertAt(text: string, emoji: string, start: number | null, end: number | null): [string, number] {
  const from = start ?? text.length
  const to = end ?? from
  return [text.slice(0, from) + emoji + text.slice(to), from + emoji.length]
}
