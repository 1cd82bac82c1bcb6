/**
 * The lab's keyboard shortcuts, in words (ui/keys.ts binds them). Loaded when the reader first
 * opens "Keyboard shortcuts" (Lab.tsx): none of it is on the first screen.
 */
export function ShortcutsList() {
  return (
    <>
      <dl>
        <dt>
          <kbd>Space</kbd>
        </dt>
        <dd>Play or pause</dd>
        <dt>
          <kbd>→</kbd> <kbd>←</kbd>
        </dt>
        <dd>Next or previous event</dd>
        <dt>
          <kbd>Home</kbd> <kbd>End</kbd>
        </dt>
        <dd>Start or end of the run</dd>
        <dt>
          <kbd>Page Down</kbd> <kbd>Page Up</kbd>
        </dt>
        <dd>Next or previous violation or rejection</dd>
        <dt>
          <kbd>Ctrl</kbd>/<kbd>⌘</kbd> <kbd>Z</kbd>, with <kbd>Shift</kbd>
        </dt>
        <dd>Undo, redo an edit</dd>
        <dt>
          <kbd>+</kbd> <kbd>−</kbd>
        </dt>
        <dd>Zoom the time axis in or out, about the cursor</dd>
      </dl>
      <p className="fl-hint">
        These keys work anywhere on the page except in a text field or a control that uses them
        itself; Tab reaches every control.
      </p>
      <p className="fl-hint">
        On the diagram: a click seeks and a drag scrubs. <kbd>Ctrl</kbd>/<kbd>⌘</kbd> + wheel or a
        pinch zooms. Zoomed in, a drag pans the view (a sideways swipe too) and a drag that starts
        on the playhead scrubs; the view follows the cursor when it moves out of sight; Fit shows
        the whole run again.
      </p>
    </>
  )
}
