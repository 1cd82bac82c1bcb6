/**
 * What a history cannot tell, or a reading the judge had to make, said once per case and capped
 * per kind: a long history repeats the same doubt thousands of times, and a reader needs the
 * first few and a count.
 */

export type NoteKind =
  | 'clocks-disagree'
  | 'no-token'
  | 'unknown-token'
  | 'unknown-lease'
  | 'implied-expiry'
  | 'implied-belief'
  | 'fencing-inferred'
  | 'no-lock-events'
  | 'renamed'
  | 'unmatched'
  | 'untimed'

/** Something the history cannot tell, or a reading the judge had to make, with the lines behind it. */
export interface Note {
  kind: NoteKind
  message: string
  lines: number[]
}

/** Notes of one kind beyond this are counted, not listed. */
const MAX_NOTES_PER_KIND = 20

export class Notes {
  private readonly listed: Note[] = []
  /** Per kind, how many were said: in the order each kind was first said. */
  private readonly said = new Map<NoteKind, number>()

  /**
   * False once a kind has its fill of notes (the note is then only counted): spares building
   * the words of a note nobody will read.
   */
  wants(kind: NoteKind): boolean {
    const n = this.said.get(kind) ?? 0
    if (n < MAX_NOTES_PER_KIND) return true
    this.said.set(kind, n + 1)
    return false
  }

  add(kind: NoteKind, message: string, lines: number[]): void {
    const n = (this.said.get(kind) ?? 0) + 1
    this.said.set(kind, n)
    if (n <= MAX_NOTES_PER_KIND) this.listed.push({ kind, message, lines })
  }

  /** The notes listed, then for each kind with more, how many more. */
  all(): Note[] {
    const more: Note[] = []
    for (const [kind, n] of this.said) {
      if (n > MAX_NOTES_PER_KIND) {
        more.push({ kind, message: `… and ${n - MAX_NOTES_PER_KIND} more like it.`, lines: [] })
      }
    }
    return [...this.listed, ...more]
  }
}
