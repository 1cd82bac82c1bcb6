/**
 * Where the story bar's height is written for the panel tabs that stick under it
 * (`.fl-tablist { top: var(--fl-dock-h) }` in labPage.css): a rule of its own, in a constructed
 * stylesheet, that only the tabs match. On the page's root, the variable restyled the whole page
 * each time the bar's height changed (a story line of another length, an intervention): about
 * 7 ms on gc-pause's page and 15 ms on the 5k-event run's, in Chromium, against 0.5 ms for a
 * rule that the tabs alone match. Where stylesheets cannot be constructed (jsdom, old browsers),
 * the root carries it as before.
 */
import { canConstructStyleSheets } from '../viz/constructedSheets'

export interface DockHeight {
  /** Sets the height (`"64px"`); does nothing when it is already that. */
  write(height: string): void
  remove(): void
}

const PROPERTY = '--fl-dock-h'

export function dockHeight(doc: Document): DockHeight {
  if (!canConstructStyleSheets() || !('adoptedStyleSheets' in doc)) {
    const root = doc.documentElement.style
    return {
      write: (height) => {
        if (root.getPropertyValue(PROPERTY) !== height) root.setProperty(PROPERTY, height)
      },
      remove: () => root.removeProperty(PROPERTY),
    }
  }
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(`.fl-tablist { ${PROPERTY}: 0px }`)
  const rule = sheet.cssRules[0] as CSSStyleRule
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  return {
    write: (height) => {
      if (rule.style.getPropertyValue(PROPERTY) !== height) rule.style.setProperty(PROPERTY, height)
    },
    remove: () => {
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet)
    },
  }
}
