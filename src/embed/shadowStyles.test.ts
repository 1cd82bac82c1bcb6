import { describe, expect, it } from 'vitest'
import { adaptForShadow } from './shadowStyles'

describe('adaptForShadow', () => {
  it('turns rem into px (a host page’s root font size must not scale the lab)', () => {
    expect(adaptForShadow('a { padding: 0.75rem 1rem; margin: -0.5rem; gap: .25rem }')).toBe(
      'a { padding: 12px 16px; margin: -8px; gap: 4px }',
    )
  })

  it('turns width media queries into container queries on the element', () => {
    expect(adaptForShadow('@media (max-width: 720px) { a { b: c } }')).toBe(
      '@container (max-width: 720px) { a { b: c } }',
    )
    const motion = '@media (prefers-reduced-motion: reduce) { a { b: c } }'
    expect(adaptForShadow(motion)).toBe(motion)
  })

  it('leaves other units and names alone', () => {
    const css = '.fl-remark { width: 2em; height: 10px; --fl-premium: 1 }'
    expect(adaptForShadow(css)).toBe(css)
  })
})
