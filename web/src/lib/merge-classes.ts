/**
 * Tailwind class merging for `cn()`: of two classes that set the same thing under the same variants (`px-3`
 * and a caller's `px-5`, `text-sm` and `text-lg`), the later one wins and the earlier is dropped; every
 * other class is kept, in its place. It does what tailwind-merge 3 does with the app's classes, in about a
 * tenth of its size (tailwind-merge was 10 kB brotli of every guest screen, issue #39): it knows the
 * utilities the app uses rather than all of Tailwind. `merge-classes.test.ts` compares it with
 * tailwind-merge on every pair of the classes written in src/ (with their variants), so a new class the
 * table gets wrong fails the test; a utility it does not know at all is kept as it is, never dropped.
 */

/** Utilities written as one word, by their group. */
const WORDS: Record<string, string> = {}
for (const [group, words] of Object.entries({
  display:
    'block inline inline-block inline-flex inline-grid inline-table flex grid table table-row table-cell contents ' +
    'flow-root list-item hidden',
  position: 'static fixed absolute relative sticky',
  visibility: 'visible invisible collapse',
  sr: 'sr-only not-sr-only',
  'font-style': 'italic not-italic',
  decoration: 'underline overline line-through no-underline',
  transform: 'uppercase lowercase capitalize normal-case',
  'text-overflow': 'truncate text-ellipsis text-clip',
  'fvn-normal': 'normal-nums',
  'fvn-ordinal': 'ordinal',
  'fvn-slashed-zero': 'slashed-zero',
  'fvn-figure': 'lining-nums oldstyle-nums',
  'fvn-spacing': 'proportional-nums tabular-nums',
  'fvn-fraction': 'diagonal-fractions stacked-fractions',
  isolation: 'isolate isolation-auto',
  'ring-w-inset': 'ring-inset',
  grow: 'grow',
  shrink: 'shrink',
  'border-w': 'border',
  rounded: 'rounded',
  shadow: 'shadow',
  'outline-w': 'outline',
  transition: 'transition',
  filter: 'filter',
  'backdrop-filter': 'backdrop-filter',
  'font-smoothing': 'antialiased subpixel-antialiased',
  container: 'container',
}))
  for (const word of words.split(' ')) WORDS[word] = group

const TSHIRT = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/
const NUMBER = (value: string) => value !== '' && !Number.isNaN(Number(value))
const LENGTH =
  /^\[(length:.+|.*(\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0).*)\]$/
const LINE_STYLES = ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none']

/** A width (`border-2`, `ring`, `outline-[3px]`), else the style or the colour of a border, ring or outline. */
const line =
  (width: string, color: string, style?: string) =>
  (value: string): string =>
    value === '' || NUMBER(value) || LENGTH.test(value)
      ? width
      : style && LINE_STYLES.includes(value)
        ? style
        : color

/**
 * The utilities of a prefix (`px` of `px-3`), by their group: the prefix itself, a group's name, or a
 * function of the value for the prefixes several groups share (`text-sm`, `text-center`, `text-primary`).
 */
const PREFIXES: Record<string, string | ((value: string) => string)> = {
  text: (value) =>
    ['left', 'center', 'right', 'justify', 'start', 'end'].includes(value)
      ? 'text-alignment'
      : ['wrap', 'nowrap', 'balance', 'pretty'].includes(value)
        ? 'text-wrap'
        : ['ellipsis', 'clip'].includes(value)
          ? 'text-overflow'
          : value === 'base' || TSHIRT.test(value) || LENGTH.test(value)
            ? 'font-size'
            : 'text-color',
  font: (value) =>
    /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[(weight:.+|\d+)\])$/.test(value)
      ? 'font-weight'
      : 'font-family',
  border: (value) =>
    ['collapse', 'separate'].includes(value) ? 'border-collapse' : line('border-w', 'border-color', 'border-style')(value),
  ...Object.fromEntries(
    ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((side) => [
      `border-${side}`,
      line(`border-w-${side}`, `border-color-${side}`),
    ]),
  ),
  ring: line('ring-w', 'ring-color'),
  'ring-offset': line('ring-offset-w', 'ring-offset-color'),
  outline: line('outline-w', 'outline-color', 'outline-style'),
  shadow: (value) => (value === 'none' || TSHIRT.test(value) ? 'shadow' : 'shadow-color'),
  'drop-shadow': (value) => (value === 'none' || TSHIRT.test(value) ? 'drop-shadow' : 'drop-shadow-color'),
  decoration: (value) =>
    ['solid', 'double', 'dotted', 'dashed', 'wavy'].includes(value)
      ? 'decoration-style'
      : value === 'auto' || value === 'from-font' || NUMBER(value)
        ? 'decoration-thickness'
        : 'decoration-color',
  divide: (value) => (LINE_STYLES.includes(value) ? 'divide-style' : 'divide-color'),
  flex: (value) =>
    ['row', 'row-reverse', 'col', 'col-reverse'].includes(value)
      ? 'flex-direction'
      : ['wrap', 'wrap-reverse', 'nowrap'].includes(value)
        ? 'flex-wrap'
        : 'flex',
  list: (value) => (value === 'inside' || value === 'outside' ? 'list-position' : 'list-type'),
  object: (value) => (['contain', 'cover', 'fill', 'none', 'scale-down'].includes(value) ? 'object-fit' : 'object-position'),
  bg: (value) =>
    ['auto', 'cover', 'contain'].includes(value)
      ? 'bg-size'
      : ['fixed', 'local', 'scroll'].includes(value)
        ? 'bg-attachment'
        : /^(no-)?repeat/.test(value)
          ? 'bg-repeat'
          : value === 'none' || /^(linear|radial|conic)/.test(value)
            ? 'bg-image'
            : /^(top|bottom|left|right|center)/.test(value)
              ? 'bg-position'
              : 'bg-color',
  col: (value) => (value.startsWith('start') ? 'col-start' : value.startsWith('end') ? 'col-end' : 'col-start-end'),
  row: (value) => (value.startsWith('start') ? 'row-start' : value.startsWith('end') ? 'row-end' : 'row-start-end'),
}
for (const prefix of (
  'p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml gap gap-x gap-y space-x space-y w h size min-w min-h max-w ' +
  'max-h inset inset-x inset-y start end top right bottom left z order basis grow shrink rounded rounded-s ' +
  'rounded-e rounded-t rounded-r rounded-b rounded-l rounded-ss rounded-se rounded-ee rounded-es rounded-tl ' +
  'rounded-tr rounded-br rounded-bl opacity leading tracking indent align whitespace break hyphens content ' +
  'line-clamp underline-offset items self justify justify-items justify-self content place-content place-items ' +
  'place-self overflow overflow-x overflow-y overscroll overscroll-x overscroll-y grid-cols grid-rows grid-flow ' +
  'auto-cols auto-rows aspect columns cursor pointer-events select resize appearance touch scroll snap ' +
  'field-sizing fill stroke accent caret animate duration delay ease transition translate translate-x ' +
  'translate-y rotate scale scale-x scale-y skew-x skew-y origin blur backdrop-blur brightness contrast ' +
  'grayscale invert saturate sepia backdrop-brightness table float clear box box-decoration mix-blend ' +
  'bg-blend will-change divide-x divide-y outline-offset'
).split(' '))
  PREFIXES[prefix] ??= prefix

/** What a later class of a group drops besides the earlier classes of its own group. */
const CONFLICTS: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['ps', 'pe', 'pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['ms', 'me', 'mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'fvn-normal': ['fvn-ordinal', 'fvn-slashed-zero', 'fvn-figure', 'fvn-spacing', 'fvn-fraction'],
  'fvn-ordinal': ['fvn-normal'],
  'fvn-slashed-zero': ['fvn-normal'],
  'fvn-figure': ['fvn-normal'],
  'fvn-spacing': ['fvn-normal'],
  'fvn-fraction': ['fvn-normal'],
  'line-clamp': ['display', 'overflow'],
  rounded: 's e t r b l ss se ee es tl tr br bl'.split(' ').map((corner) => `rounded-${corner}`),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': 'x y s e t r b l'.split(' ').map((side) => `border-w-${side}`),
  'border-w-x': ['border-w-s', 'border-w-e', 'border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': 'x y s e t r b l'.split(' ').map((side) => `border-color-${side}`),
  'border-color-x': ['border-color-s', 'border-color-e', 'border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
  translate: ['translate-x', 'translate-y'],
}

/** tailwind-merge's variants whose order matters (`before:`, `[&_svg]:`...): the others are sorted. */
const ORDERED = new Set([
  '*',
  '**',
  'after',
  'backdrop',
  'before',
  'details-content',
  'file',
  'first-letter',
  'first-line',
  'marker',
  'placeholder',
  'selection',
])

/** The group of a utility without its variants and `!` (`px-3` → `px`), or undefined for one it does not know. */
function groupOf(utility: string): string | undefined {
  const arbitrary = /^\[([a-z-]+):.+\]$/.exec(utility)
  if (arbitrary) return `arbitrary-${arbitrary[1] ?? ''}`
  const name = utility.startsWith('-') ? utility.slice(1) : utility
  const word = WORDS[name]
  if (word) return word
  // The whole name (`divide-y`, `border-l`), else the longest prefix: `min-h-11` is min-h's, `border-l-2`
  // border-l's, `inset-x-0` inset-x's.
  for (let end = name.length; end > 0; end = name.lastIndexOf('-', end - 1)) {
    const rule = PREFIXES[name.slice(0, end)]
    if (rule !== undefined) return typeof rule === 'string' ? rule : rule(name.slice(end + 1))
  }
  return undefined
}

/** A class split into its variants (`hover:`, `sm:`, `[&_svg]:`), `!`, and the utility. */
function parse(className: string): { variants: string; utility: string; postfix: number } {
  const variants: string[] = []
  let depth = 0
  let start = 0
  let postfix = -1
  for (let i = 0; i < className.length; i++) {
    const c = className[i]
    if (c === '[' || c === '(') depth++
    else if (c === ']' || c === ')') depth--
    else if (depth === 0 && c === ':') {
      variants.push(className.slice(start, i))
      start = i + 1
    } else if (depth === 0 && c === '/') postfix = i
  }
  let utility = className.slice(start)
  let important = ''
  if (utility.endsWith('!') || utility.startsWith('!')) {
    utility = utility.endsWith('!') ? utility.slice(0, -1) : utility.slice(1)
    important = '!'
  }
  // Variants in a canonical order: sorted, but never across one whose order matters.
  const sorted: string[] = []
  let run: string[] = []
  for (const variant of variants) {
    if (variant.startsWith('[') || ORDERED.has(variant)) {
      sorted.push(...run.sort(), variant)
      run = []
    } else run.push(variant)
  }
  sorted.push(...run.sort())
  return { variants: sorted.join(':') + important, utility, postfix: postfix > start ? postfix - start : -1 }
}

/** Space-separated classes with each later class dropping the earlier ones it conflicts with. */
export function mergeClasses(classList: string): string {
  const classes = classList.trim().split(/\s+/)
  const taken = new Set<string>()
  const kept: string[] = []
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i] ?? ''
    if (className === '') continue
    const { variants, utility, postfix } = parse(className)
    // `bg-primary/10`, `w-1/3`: the group is the utility's without what follows the slash, else the whole one's.
    const group = (postfix > 0 ? groupOf(utility.slice(0, postfix)) : undefined) ?? groupOf(utility)
    if (group !== undefined) {
      const id = variants + ':' + group
      if (taken.has(id)) continue
      taken.add(id)
      for (const other of CONFLICTS[group] ?? []) taken.add(variants + ':' + other)
    }
    kept.push(className)
  }
  return kept.reverse().join(' ')
}
