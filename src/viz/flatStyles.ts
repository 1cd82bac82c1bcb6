/**
 * A standalone figure with its stylesheet applied: every element's resolved presentation
 * properties written into its own `style` attribute, custom properties (`var(--fl-ink)`)
 * replaced by their values, and the <style> element removed.
 *
 * Why: rasterisers outside a browser (resvg, for the CLI's PNG, GIF and WebM and the build's PNG
 * figures) understand a small subset of CSS, with no custom properties, no `:where()` and no
 * media queries, so the themed stylesheet the diagram shares with the live lab would come out
 * black. The cascade here covers exactly what DIAGRAM_CSS uses: class, type, attribute and
 * `:where()` selectors, descendant and child combinators, specificity and source order;
 * interaction pseudo-classes (`:hover`, `:focus-visible`) never match a still figure, and media
 * blocks are left out (the figure's `data-theme` rules already choose its palette).
 *
 * It reads the markup `renderDiagramSvg` writes (well-formed, attribute values double-quoted and
 * escaped), not arbitrary SVG.
 */

/** The properties a rasteriser draws with; the rest (cursor, transition…) mean nothing in a PNG. */
const DRAWN = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'paint-order',
  'text-anchor',
  'dominant-baseline',
  'color',
])

interface Compound {
  type: string | null
  classes: string[]
  attributes: Array<{ name: string; value: string | null }>
  /** A pseudo-class a still figure never is in (`:hover`). */
  never: boolean
}

interface Step {
  compound: Compound
  /** How this compound relates to the one before it (ignored for the first). */
  combinator: ' ' | '>'
}

interface Rule {
  steps: Step[]
  specificity: number
  order: number
  declarations: Array<[string, string]>
}

interface Element {
  type: string
  classes: Set<string>
  attributes: Map<string, string>
}

/** Where `:where()` is allowed, its argument counts for nothing: flattened with no specificity. */
function parseCompound(text: string): { compound: Compound; specificity: number } {
  const compound: Compound = { type: null, classes: [], attributes: [], never: false }
  let specificity = 0
  const pattern = /:where\(([^)]*)\)|\.([\w-]+)|\[([\w-]+)(?:=([^\]]+))?\]|::?([\w-]+)|([\w-]+|\*)/g
  for (const m of text.matchAll(pattern)) {
    if (m[1] !== undefined) {
      const inner = parseCompound(m[1]).compound
      if (inner.type !== null) compound.type = inner.type
      compound.classes.push(...inner.classes)
      compound.attributes.push(...inner.attributes)
      compound.never ||= inner.never
    } else if (m[2] !== undefined) {
      compound.classes.push(m[2])
      specificity += 100
    } else if (m[3] !== undefined) {
      compound.attributes.push({ name: m[3], value: m[4]?.replace(/^["']|["']$/g, '') ?? null })
      specificity += 100
    } else if (m[5] !== undefined) {
      compound.never = true
      specificity += 100
    } else if (m[6] !== undefined && m[6] !== '*') {
      compound.type = m[6]
      specificity += 1
    }
  }
  return { compound, specificity }
}

function parseSelector(text: string): { steps: Step[]; specificity: number } {
  const steps: Step[] = []
  let specificity = 0
  let combinator: ' ' | '>' = ' '
  // `:where(.a .b)` never occurs in the sheet; a space inside parentheses would split wrongly.
  for (const token of text
    .replace(/\s*>\s*/g, ' > ')
    .trim()
    .split(/\s+/)) {
    if (token === '>') {
      combinator = '>'
      continue
    }
    const parsed = parseCompound(token)
    steps.push({ compound: parsed.compound, combinator })
    specificity += parsed.specificity
    combinator = ' '
  }
  return { steps, specificity }
}

/** The sheet's rules outside at-rule blocks, in source order. */
export function parseSheet(css: string): Rule[] {
  const rules: Rule[] = []
  let rest = css.replace(/\/\*[\s\S]*?\*\//g, '')
  let order = 0
  while (rest.trim() !== '') {
    const open = rest.indexOf('{')
    if (open < 0) break
    const prelude = rest.slice(0, open).trim()
    if (prelude.startsWith('@')) {
      // Skip the whole block, nested rules included.
      let depth = 0
      let i = open
      for (; i < rest.length; i++) {
        if (rest[i] === '{') depth++
        else if (rest[i] === '}' && --depth === 0) break
      }
      rest = rest.slice(i + 1)
      continue
    }
    const close = rest.indexOf('}', open)
    const body = rest.slice(open + 1, close < 0 ? undefined : close)
    rest = close < 0 ? '' : rest.slice(close + 1)
    const declarations: Array<[string, string]> = []
    for (const part of body.split(';')) {
      const colon = part.indexOf(':')
      if (colon <= 0) continue
      const name = part.slice(0, colon).trim()
      const value = part
        .slice(colon + 1)
        .replace(/!important\s*$/, '')
        .trim()
      if (name !== '' && value !== '') declarations.push([name, value])
    }
    for (const selector of prelude.split(',')) {
      const { steps, specificity } = parseSelector(selector)
      if (steps.length > 0) rules.push({ steps, specificity, order: order++, declarations })
    }
  }
  return rules
}

function matchesCompound(compound: Compound, element: Element): boolean {
  if (compound.never) return false
  if (compound.type !== null && compound.type !== element.type) return false
  for (const c of compound.classes) if (!element.classes.has(c)) return false
  for (const a of compound.attributes) {
    const value = element.attributes.get(a.name)
    if (value === undefined || (a.value !== null && value !== a.value)) return false
  }
  return true
}

/** Does the rule match the last element of `path` (the element with its ancestors before it)? */
function matches(steps: readonly Step[], path: readonly Element[]): boolean {
  const match = (stepIndex: number, pathIndex: number): boolean => {
    const step = steps[stepIndex]
    const element = path[pathIndex]
    if (step === undefined || element === undefined) return false
    if (!matchesCompound(step.compound, element)) return false
    if (stepIndex === 0) return true
    const next = stepIndex - 1
    if (step.combinator === '>') return match(next, pathIndex - 1)
    for (let i = pathIndex - 1; i >= 0; i--) if (match(next, i)) return true
    return false
  }
  return match(steps.length - 1, path.length - 1)
}

/** `var(--x, fallback)` replaced by the custom property's value, nested uses too. */
function resolveVars(value: string, custom: ReadonlyMap<string, string>, depth = 0): string {
  if (depth > 8 || !value.includes('var(')) return value
  const replaced = value.replace(
    /var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)/g,
    (_, name: string, fallback: string | undefined) => custom.get(name) ?? fallback ?? '',
  )
  return resolveVars(replaced, custom, depth + 1)
}

const ATTRIBUTE = /\s([^\s=]+)="([^"]*)"/g
const TAG = /<(\/?)([A-Za-z][\w:-]*)((?:\s[^\s=]+="[^"]*")*)\s*(\/?)>/g

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

/** The figure with its <style> applied inline (see the file's comment). */
export function flattenSvgStyles(svg: string): string {
  const styleStart = svg.indexOf('<style>')
  const styleEnd = svg.indexOf('</style>')
  if (styleStart < 0 || styleEnd < styleStart) return svg
  const rules = parseSheet(svg.slice(styleStart + '<style>'.length, styleEnd))
  // A rule can only match an element that has its last compound's first class: index by it.
  const byKey = new Map<string, Rule[]>()
  for (const rule of rules) {
    const last = rule.steps[rule.steps.length - 1]?.compound
    if (last === undefined || last.never) continue
    const key = last.classes[0] !== undefined ? `.${last.classes[0]}` : (last.type ?? '*')
    byKey.set(key, [...(byKey.get(key) ?? []), rule])
  }
  const candidates = (element: Element): Rule[] => [
    ...(byKey.get('*') ?? []),
    ...(byKey.get(element.type) ?? []),
    ...[...element.classes].flatMap((c) => byKey.get(`.${c}`) ?? []),
  ]
  const markup = svg.slice(0, styleStart) + svg.slice(styleEnd + '</style>'.length)

  const path: Element[] = []
  const customs: Array<Map<string, string>> = []
  return markup.replace(
    TAG,
    (tag, closing: string, type: string, rawAttributes: string, selfClosing: string) => {
      if (closing === '/') {
        path.pop()
        customs.pop()
        return tag
      }
      const attributes = new Map<string, string>()
      for (const m of rawAttributes.matchAll(ATTRIBUTE)) {
        attributes.set(m[1] as string, unescapeAttribute(m[2] as string))
      }
      const element: Element = {
        type,
        classes: new Set((attributes.get('class') ?? '').split(/\s+/).filter(Boolean)),
        attributes,
      }
      path.push(element)
      const matched = candidates(element)
        .filter((rule) => matches(rule.steps, path))
        .sort((a, b) => a.specificity - b.specificity || a.order - b.order)
      const custom = new Map(customs[customs.length - 1] ?? [])
      const declared = new Map<string, string>()
      for (const rule of matched) {
        for (const [name, value] of rule.declarations) {
          if (name.startsWith('--')) custom.set(name, value)
          else declared.set(name, value)
        }
      }
      // Custom properties are resolved against the element's own set, as a browser does.
      for (const [name, value] of custom) custom.set(name, resolveVars(value, custom))
      customs.push(custom)
      const style: string[] = []
      for (const [name, value] of declared) {
        if (DRAWN.has(name)) style.push(`${name}:${resolveVars(value, custom)}`)
      }
      const inline = attributes.get('style')
      if (inline !== undefined) style.push(inline)
      if (selfClosing === '/') {
        path.pop()
        customs.pop()
      }
      if (style.length === 0) return tag
      const without = rawAttributes.replace(/\sstyle="[^"]*"/, '')
      return `<${type}${without} style="${escapeAttribute(style.join(';'))}"${selfClosing === '/' ? '/' : ''}>`
    },
  )
}
